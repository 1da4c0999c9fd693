CREATE TABLE "support_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"document_id" integer,
	"invoice_id" integer,
	"created_by" integer,
	"awaiting_reply" boolean DEFAULT true NOT NULL,
	"unread_by_client" boolean DEFAULT false NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "support_conversation_id" integer;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "conversation_id" integer;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "from_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "attachment_content_type" text;--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "attachment_size" integer;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_conversations_client_idx" ON "support_conversations" USING btree ("client_id","last_message_at");--> statement-breakpoint
CREATE INDEX "support_conversations_inbox_idx" ON "support_conversations" USING btree ("awaiting_reply","last_message_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_support_conversation_id_support_conversations_id_fk" FOREIGN KEY ("support_conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","created_at");