CREATE TABLE "payment_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"charge_key" text NOT NULL,
	"request_key" text,
	"request_hash" text NOT NULL,
	"client_id" integer,
	"user_id" integer,
	"amount_cents" integer NOT NULL,
	"order" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"gateway" text NOT NULL,
	"gateway_reference" text,
	"response_status" integer,
	"response_body" jsonb,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_charge_key_unique" UNIQUE("charge_key"),
	CONSTRAINT "payment_intents_request_key_unique" UNIQUE("request_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"card_brand" text,
	"card_last4" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_charges_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE INDEX "payment_intents_pending_idx" ON "payment_intents" USING btree ("lease_until") WHERE "payment_intents"."state" = 'pending';--> statement-breakpoint
-- Revoking a session family (log out, password change, deactivation, refresh reuse) must reach every
-- server's kept callers at once: their access tokens carry the family as `sid`.
CREATE TRIGGER refresh_sessions_auth_changed AFTER UPDATE OF revoked_at OR DELETE OR TRUNCATE ON refresh_sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
