-- Saved cards: the gateway's card-on-file token with what the client is shown (never the number).
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_gateway_token_unique" UNIQUE("gateway","gateway_token")
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_methods_client_idx" ON "payment_methods" USING btree ("client_id");--> statement-breakpoint
-- Auto-pay: one row per client that has chosen it.
CREATE TABLE "client_autopay" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"payment_method_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_autopay" ADD CONSTRAINT "client_autopay_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_autopay" ADD CONSTRAINT "client_autopay_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- What the auto-pay job has done, once each: an attempt's outcome, an upcoming-charge notice, an expiry warning.
CREATE TABLE "autopay_events" (
	"key" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" integer,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autopay_events" ADD CONSTRAINT "autopay_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autopay_events_invoice_idx" ON "autopay_events" USING btree ("invoice_id");--> statement-breakpoint
-- The sandbox gateway's cards on file, as a processor keeps them.
CREATE TABLE "sandbox_stored_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"outcome" text NOT NULL,
	"charge_key" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_stored_cards_token_unique" UNIQUE("token"),
	CONSTRAINT "sandbox_stored_cards_charge_key_unique" UNIQUE("charge_key")
);
