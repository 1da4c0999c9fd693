-- The carriers and speeds a client may choose to have originals mailed by, with their price; staff manage
-- them. `code` names the options the reference data seeds (so a restart never adds them twice); options
-- staff add have none.
CREATE TABLE "shipping_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"carrier" text NOT NULL,
	"speed" text NOT NULL,
	"price_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_options_price" CHECK ("shipping_options"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_options_code_idx" ON "shipping_options" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_options_carrier_speed_idx" ON "shipping_options" USING btree (lower("carrier"), lower("speed"));
--> statement-breakpoint
-- Documents requested together: one envelope, moved through its statuses once. The option, its carrier,
-- speed and price are copied at the moment of the request, so a later price change leaves it alone.
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"shipping_option_id" integer,
	"carrier" text,
	"speed" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipping_option_id_shipping_options_id_fk" FOREIGN KEY ("shipping_option_id") REFERENCES "public"."shipping_options"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "shipments_client_idx" ON "shipments" USING btree ("client_id");
--> statement-breakpoint
-- Each document of a shipment keeps its own request row (one live request per document still holds);
-- the rows of one shipment share its id. Requests made before have none: each is a shipment of its own.
ALTER TABLE "document_requests" ADD COLUMN "shipment_id" integer;
--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "document_requests_shipment_idx" ON "document_requests" USING btree ("shipment_id");
