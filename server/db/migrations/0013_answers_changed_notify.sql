-- Servers keep the answers of the invoice lists for a few seconds. Any change to what those answers are
-- read from (invoices, their clients, the clients' countries) tells every server listening on
-- 'answers_changed' to drop what it kept, whichever code path or instance made the change.
CREATE FUNCTION notify_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('answers_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
--> statement-breakpoint
CREATE TRIGGER clients_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clients FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
--> statement-breakpoint
CREATE TRIGGER countries_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON countries FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
