CREATE INDEX "clients_company_name_trgm_idx" ON "clients" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_uploaded_idx" ON "documents" USING btree ("uploaded_at","id");--> statement-breakpoint
CREATE INDEX "documents_file_name_trgm_idx" ON "documents" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_due_date_idx" ON "invoices" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_paid_date_idx" ON "invoices" USING btree ("paid_date","id");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("total_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);