-- Portal-wide settings a super admin edits: one row. The first: a second factor required for staff.
CREATE TABLE "portal_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"staff_second_factor_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "portal_settings_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD CONSTRAINT "portal_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "portal_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The step tokens of sign-ins finished (by their id), kept until they expire, so each is used once.
CREATE TABLE "mfa_token_uses" (
	"token_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mfa_token_uses_expires_idx" ON "mfa_token_uses" USING btree ("expires_at");
--> statement-breakpoint
-- Whether a staff member still has to set up a second factor is part of the cached caller (migration 0012).
CREATE TRIGGER portal_settings_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON portal_settings FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_totp_auth_changed AFTER UPDATE OF enabled_at OR DELETE OR TRUNCATE ON user_totp FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER passkeys_auth_changed AFTER INSERT OR DELETE OR TRUNCATE ON passkeys FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
