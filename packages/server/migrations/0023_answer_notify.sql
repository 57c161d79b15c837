-- hand-written
-- Invalidation of the answer caches (db/answer-cache.ts, decision 055): a change to what the event
-- form's code tables or a user's CurrentUser answer is made of raises NOTIFY portal_data, and every
-- server instance drops that answer. Payloads: 'folders', 'owners' (a rename or deletion: every
-- user's answer), 'users' (a truncation: every user's answer) or a user's id.
CREATE FUNCTION portal_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_data', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
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
--> statement-breakpoint
-- Once per statement: a bulk write tells once.
CREATE TRIGGER folders_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON folders
  FOR EACH STATEMENT EXECUTE FUNCTION portal_data_changed('folders');
--> statement-breakpoint
CREATE TRIGGER owners_data_changed AFTER UPDATE OF name OR DELETE OR TRUNCATE ON owners
  FOR EACH STATEMENT EXECUTE FUNCTION portal_data_changed('owners');
--> statement-breakpoint
-- The columns of the CurrentUser answer (account/queries.ts findCurrentUser), and deletion.
CREATE TRIGGER users_data_changed AFTER UPDATE OF email, alias, user_type, user_level, all_owners OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portal_user_data_changed('id');
--> statement-breakpoint
CREATE TRIGGER user_owners_data_changed AFTER INSERT OR UPDATE OR DELETE ON user_owners
  FOR EACH ROW EXECUTE FUNCTION portal_user_data_changed('user_id');
--> statement-breakpoint
-- Equipment chips (most rows) never call the function.
CREATE TRIGGER chips_data_inserted AFTER INSERT ON chips
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION portal_user_data_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER chips_data_updated AFTER UPDATE ON chips
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL OR NEW.user_id IS NOT NULL) EXECUTE FUNCTION portal_user_data_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER chips_data_deleted AFTER DELETE ON chips
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL) EXECUTE FUNCTION portal_user_data_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_data_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_data_changed('users');
--> statement-breakpoint
CREATE TRIGGER user_owners_data_truncated AFTER TRUNCATE ON user_owners
  FOR EACH STATEMENT EXECUTE FUNCTION portal_data_changed('users');
--> statement-breakpoint
CREATE TRIGGER chips_data_truncated AFTER TRUNCATE ON chips
  FOR EACH STATEMENT EXECUTE FUNCTION portal_data_changed('users');
