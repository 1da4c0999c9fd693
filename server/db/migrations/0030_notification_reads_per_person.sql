-- Each person of a company has read marks of their own on the company's notifications, as staff
-- members always had: what one person read stays unread for the others. The company's shared flag
-- becomes a read mark of each of its members, then goes.
INSERT INTO "notification_reads" ("notification_id", "user_id", "read_at")
SELECT n."id", m."user_id", n."created_at"
FROM "notifications" n
JOIN "client_memberships" m ON m."client_id" = n."client_id"
WHERE n."is_read" AND (n."user_id" IS NULL OR n."user_id" = m."user_id")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The trigger that tells cached answers of a change named the column; it is made again without it.
DROP TRIGGER notifications_answers_changed ON notifications;
--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "is_read";
--> statement-breakpoint
CREATE TRIGGER notifications_answers_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF message, client_id, user_id, document_request_id, document_id, kind, support_conversation_id, created_at ON notifications FOR EACH STATEMENT EXECUTE FUNCTION notify_answers_changed();
