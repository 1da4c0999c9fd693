-- The document and notification lists' answers are kept too: a change to the documents, their types,
-- their mail requests or those requests' history, to the notifications or to anyone's read marks of them
-- announces itself on 'answers_changed' as the invoice tables do (0013).
CREATE TRIGGER documents_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON documents FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
--> statement-breakpoint
CREATE TRIGGER document_types_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON document_types FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
--> statement-breakpoint
CREATE TRIGGER document_requests_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON document_requests FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
--> statement-breakpoint
CREATE TRIGGER document_request_events_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON document_request_events FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
--> statement-breakpoint
-- Updates only of what the lists show: announcing a notification (announce_pending) changes none of it
-- and happens once for each new one, in bursts after a job's run.
CREATE TRIGGER notifications_answers_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF message, is_read, client_id, document_request_id, document_id, kind, support_conversation_id, created_at ON notifications FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
--> statement-breakpoint
CREATE TRIGGER notification_reads_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notification_reads FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
--> statement-breakpoint
CREATE TRIGGER notification_read_marks_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notification_read_marks FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
