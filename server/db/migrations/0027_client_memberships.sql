-- The companies a login belongs to, each with the person's role in it (contract/team.ts): owner (everything,
-- manages the team), member (documents, mail requests, support) or billing (invoices, payments, add-ons).
-- users.client_id stays the person's first company, the one a sign-in opens.
CREATE TABLE "client_memberships" (
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_memberships_user_id_client_id_pk" PRIMARY KEY("user_id","client_id"),
	CONSTRAINT "client_memberships_role" CHECK ("client_memberships"."role" in ('owner', 'member', 'billing'))
);
--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_memberships" ADD CONSTRAINT "client_memberships_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "client_memberships_client_idx" ON "client_memberships" USING btree ("client_id");
--> statement-breakpoint
-- Every login of a client so far is the owner of its company.
INSERT INTO "client_memberships" ("user_id", "client_id", "role", "created_at") SELECT "id", "client_id", 'owner', "created_at" FROM "users" WHERE "client_id" IS NOT NULL;
--> statement-breakpoint
-- A change of who belongs to a company, or of their role, reaches every server's signed-in callers at once.
CREATE TRIGGER client_memberships_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON client_memberships FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
-- The company a session is in (switching changes it for the whole session); null for staff.
ALTER TABLE "refresh_sessions" ADD COLUMN "client_id" integer;
--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
