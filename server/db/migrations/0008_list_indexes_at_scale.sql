CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin (("company_name" || ' ' || "first_name" || ' ' || "last_name" || ' ' || "phone" || ' ' || "city" || ' ' || coalesce("mailbox_number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "document_requests_created_idx" ON "document_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "documents_received_idx" ON "documents" USING btree ("date_received","uploaded_at","id");--> statement-breakpoint
CREATE INDEX "documents_client_received_idx" ON "documents" USING btree ("client_id","date_received","uploaded_at","id");--> statement-breakpoint
CREATE INDEX "notifications_staff_created_idx" ON "notifications" USING btree ("created_at","id") WHERE "notifications"."client_id" is null;