-- A client's automatic rules, applied when the mailroom uploads a scan for it: forward the original of a
-- type to a saved address, or shred the paper original of a type once scanned. At most one rule per type.
CREATE TABLE "mail_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"action" text NOT NULL,
	"document_type_id" integer NOT NULL,
	"address_id" integer,
	"shipping_option_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_rules_action" CHECK ("mail_rules"."action" in ('forward', 'shred')),
	CONSTRAINT "mail_rules_forward_address" CHECK (("mail_rules"."action" = 'forward') = ("mail_rules"."address_id" is not null)),
	CONSTRAINT "mail_rules_shred_no_shipping" CHECK ("mail_rules"."action" = 'forward' or "mail_rules"."shipping_option_id" is null)
);
--> statement-breakpoint
ALTER TABLE "mail_rules" ADD CONSTRAINT "mail_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_rules" ADD CONSTRAINT "mail_rules_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A saved address in use by a rule cannot be deleted (the address book's DELETE answers 409 naming the rule).
ALTER TABLE "mail_rules" ADD CONSTRAINT "mail_rules_address_id_client_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."client_addresses"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_rules" ADD CONSTRAINT "mail_rules_shipping_option_id_shipping_options_id_fk" FOREIGN KEY ("shipping_option_id") REFERENCES "public"."shipping_options"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_rules_client_type_idx" ON "mail_rules" USING btree ("client_id","document_type_id");
--> statement-breakpoint
CREATE INDEX "mail_rules_address_idx" ON "mail_rules" USING btree ("address_id");
--> statement-breakpoint
-- A shred asked for by a rule: the paper original only, the scan is kept.
ALTER TABLE "mail_actions" ADD COLUMN "original_only" boolean DEFAULT false NOT NULL;
