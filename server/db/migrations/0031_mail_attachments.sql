-- Files sent with a message (a receipt's invoice PDFs), kept with it so a retry sends them again.
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;
