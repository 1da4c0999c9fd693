CREATE TABLE "notification_read_marks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"staff_up_to" timestamp with time zone,
	"all_up_to" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_read_marks" ADD CONSTRAINT "notification_read_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at","id");