-- Servers keep a signed-in caller (user, role, permission codes, revoked or not) for a few seconds.
-- Any change to what that is read from tells every server listening on 'auth_changed' to drop what it kept,
-- whichever code path or instance made the change.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OF email, role_id, client_id, agent_id, active, password_changed_at OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER UPDATE OF role_type OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER access_revocations_auth_changed AFTER INSERT OR DELETE OR TRUNCATE ON access_revocations FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
