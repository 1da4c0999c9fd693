-- How the mailroom handles a client's mail (contract/addresses.ts): every piece opened and scanned, or the envelope first.
ALTER TABLE "clients" ADD COLUMN "mail_handling" text DEFAULT 'scan-all' NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_mail_handling_mode" CHECK ("clients"."mail_handling" in ('scan-all', 'envelope-first'));
--> statement-breakpoint
-- A client's address book: saved mailing addresses, each under a label unique to the client whatever its case.
CREATE TABLE "client_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"label" text NOT NULL,
	"recipient_name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state_province" text NOT NULL,
	"zipcode" text NOT NULL,
	"country_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "client_addresses_label_idx" ON "client_addresses" USING btree ("client_id",lower("label"));
