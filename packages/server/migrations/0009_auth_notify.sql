-- hand-written
-- Revocation for the in-process session cache (auth/session-cache.ts, decision 037): a change that ends
-- a session or changes what a signed-in user may see raises NOTIFY portal_auth with the user's id, and
-- every server instance drops that user's cached sessions. The argument names the user id column.
CREATE FUNCTION portal_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0]);
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) ->> TG_ARGV[0] IS DISTINCT FROM to_jsonb(NEW) ->> TG_ARGV[0] THEN
    PERFORM pg_notify('portal_auth', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Touching last_seen_at (once a minute per session) does not notify: only revocation, expiry and deletion.
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at, expires_at, user_id, token_hash OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION portal_auth_changed('user_id');
--> statement-breakpoint
-- The columns a signed-in user carries (auth/users.ts authUserColumns), and deletion.
CREATE TRIGGER users_auth_changed AFTER UPDATE OF email, user_type, user_level, all_owners OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portal_auth_changed('id');
--> statement-breakpoint
CREATE TRIGGER user_owners_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_owners
  FOR EACH ROW EXECUTE FUNCTION portal_auth_changed('user_id');
