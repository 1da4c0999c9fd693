-- What a piece of mail is: a scan of the mail itself ('document') or the image of its envelope, still unopened ('envelope').
ALTER TABLE "documents" ADD COLUMN "kind" text DEFAULT 'document' NOT NULL;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kind" CHECK ("documents"."kind" in ('document', 'envelope'));
--> statement-breakpoint
-- A client's request about one piece of mail (open and scan, shred, hold for pick-up), worked through by
-- the mailroom in one queue. At most one open action per piece; a done action keeps its history.
CREATE TABLE "mail_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_by" integer,
	"completed_at" timestamp with time zone,
	"scan_document_id" integer,
	CONSTRAINT "mail_actions_action" CHECK ("mail_actions"."action" in ('open-and-scan', 'shred', 'hold')),
	CONSTRAINT "mail_actions_status" CHECK ("mail_actions"."status" in ('open', 'done'))
);
--> statement-breakpoint
ALTER TABLE "mail_actions" ADD CONSTRAINT "mail_actions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_actions" ADD CONSTRAINT "mail_actions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_actions" ADD CONSTRAINT "mail_actions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_actions" ADD CONSTRAINT "mail_actions_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_actions" ADD CONSTRAINT "mail_actions_scan_document_id_documents_id_fk" FOREIGN KEY ("scan_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_actions_one_open_idx" ON "mail_actions" USING btree ("document_id") WHERE status = 'open';
--> statement-breakpoint
CREATE INDEX "mail_actions_document_idx" ON "mail_actions" USING btree ("document_id","id");
--> statement-breakpoint
CREATE INDEX "mail_actions_open_queue_idx" ON "mail_actions" USING btree ("requested_at","id") WHERE status = 'open';
--> statement-breakpoint
CREATE INDEX "mail_actions_client_idx" ON "mail_actions" USING btree ("client_id","requested_at");
--> statement-breakpoint
-- The document lists show each envelope's action: a change announces itself as the lists' other tables do (0014).
CREATE TRIGGER mail_actions_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mail_actions FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
