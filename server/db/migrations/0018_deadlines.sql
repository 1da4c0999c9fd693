ALTER TABLE "clients" ADD COLUMN "formed_on" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "served_on" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "response_due_on" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "response_due_corrected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "annual_report_filings" (
	"client_id" integer NOT NULL,
	"year" integer NOT NULL,
	"filed_on" date NOT NULL,
	"marked_via" text NOT NULL,
	"marked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annual_report_filings_client_id_year_pk" PRIMARY KEY("client_id","year")
);
--> statement-breakpoint
ALTER TABLE "annual_report_filings" ADD CONSTRAINT "annual_report_filings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_report_filings" ADD CONSTRAINT "annual_report_filings_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "deadline_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"subject" text NOT NULL,
	"stage" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_reminders_once_idx" ON "deadline_reminders" USING btree ("client_id","subject","stage");--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
