-- Notifications, not a derived table: the in-process caches that other instances must drop.
-- Channels: portal_auth (auth/session-cache.ts, decision 037) and portal_data (db/answer-cache.ts,
-- decision 055); db/client.ts names them.
-- Watches: sessions (revoked_at, expires_at, user_id, token_hash; deletes), users (email, alias,
--   user_type, user_level, all_owners; deletes, truncation), user_owners (all writes), folders (all
--   writes), owners (name; deletes, truncation), chips (rows with a user).
-- Readers: every server instance's listener (db/listener.ts).

-- A change that ends a session or changes what a signed-in user may see raises NOTIFY portal_auth with
-- the user's id, and every server instance drops that user's cached sessions. The argument names the
-- user id column.
CREATE FUNCTION portal_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_auth', to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0]);
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) ->> TG_ARGV[0] IS DISTINCT FROM to_jsonb(NEW) ->> TG_ARGV[0] THEN
    PERFORM pg_notify('portal_auth', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;

-- Touching last_seen_at (once a minute per session) does not notify: only revocation, expiry and deletion.
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at, expires_at, user_id, token_hash OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION portal_auth_changed('user_id');
-- The columns a signed-in user carries (auth/users.ts authUserColumns), and deletion.
CREATE TRIGGER users_auth_changed AFTER UPDATE OF email, user_type, user_level, all_owners OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portal_auth_changed('id');
CREATE TRIGGER user_owners_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_owners
  FOR EACH ROW EXECUTE FUNCTION portal_auth_changed('user_id');

-- A change to what the event form's code tables or a user's CurrentUser answer is made of raises
-- NOTIFY portal_data, and every server instance drops that answer. Payloads: 'folders', 'owners' (a
-- rename or deletion: every user's answer), 'users' (a truncation: every user's answer) or a user's id.
CREATE FUNCTION portal_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_data', TG_ARGV[0]);
  RETURN NULL;
END $$;

-- The user id in the column named by the argument, before and after (a row moved to another user tells both).
CREATE FUNCTION portal_user_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[0] END;
  after text := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[0] END;
BEGIN
  IF after IS NOT NULL THEN
    PERFORM pg_notify('portal_data', after);
  END IF;
  IF before IS NOT NULL AND before IS DISTINCT FROM after THEN
    PERFORM pg_notify('portal_data', before);
  END IF;
  RETURN NULL;
END $$;

-- Once per statement: a bulk write tells once.
CREATE TRIGGER folders_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON folders
  FOR EACH STATEMENT EXECUTE FUNCTION portal_data_changed('folders');
CREATE TRIGGER owners_data_changed AFTER UPDATE OF name OR DELETE OR TRUNCATE ON owners
  FOR EACH STATEMENT EXECUTE FUNCTION portal_data_changed('owners');
-- The columns of the CurrentUser answer (account/queries.ts findCurrentUser), and deletion.
CREATE TRIGGER users_data_changed AFTER UPDATE OF email, alias, user_type, user_level, all_owners OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portal_user_data_changed('id');
CREATE TRIGGER user_owners_data_changed AFTER INSERT OR UPDATE OR DELETE ON user_owners
  FOR EACH ROW EXECUTE FUNCTION portal_user_data_changed('user_id');
-- Equipment chips (most rows) never call the function.
CREATE TRIGGER chips_data_inserted AFTER INSERT ON chips
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION portal_user_data_changed('user_id');
CREATE TRIGGER chips_data_updated AFTER UPDATE ON chips
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL OR NEW.user_id IS NOT NULL) EXECUTE FUNCTION portal_user_data_changed('user_id');
CREATE TRIGGER chips_data_deleted AFTER DELETE ON chips
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL) EXECUTE FUNCTION portal_user_data_changed('user_id');
CREATE TRIGGER users_data_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_data_changed('users');
CREATE TRIGGER user_owners_data_truncated AFTER TRUNCATE ON user_owners
  FOR EACH STATEMENT EXECUTE FUNCTION portal_data_changed('users');
CREATE TRIGGER chips_data_truncated AFTER TRUNCATE ON chips
  FOR EACH STATEMENT EXECUTE FUNCTION portal_data_changed('users');
