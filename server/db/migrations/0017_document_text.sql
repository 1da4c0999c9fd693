-- The words inside every document (server/documents/text/): read off the request path by the text
-- reader, kept with a full-text index in English and Spanish, accents ignored (unaccent ships with
-- PostgreSQL's contrib and with PGlite; it is a trusted extension, so the database owner may create it).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only stable (its dictionary could be changed); naming the dictionary makes a function
-- an index and a generated column may use.
CREATE OR REPLACE FUNCTION document_text_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
CREATE TABLE "document_texts" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"error" text,
	"body" text,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, document_text_unaccent(coalesce(body, ''))) || to_tsvector('spanish'::regconfig, document_text_unaccent(coalesce(body, '')))) STORED,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_texts" ADD CONSTRAINT "document_texts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "document_texts_due_idx" ON "document_texts" USING btree ("next_at") WHERE state in ('queued', 'reading');
--> statement-breakpoint
CREATE INDEX "document_texts_search_idx" ON "document_texts" USING gin ("search");
--> statement-breakpoint
CREATE TRIGGER document_texts_answers_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF state, body ON document_texts FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
