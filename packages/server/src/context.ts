import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { DatabaseSnapshot } from './db/embedded.ts';

/** What every feature's routes and services get: the database, its readiness and the configuration. */
export interface AppContext {
  db: Database;
  config: Config;
  /** Whether the database answers now (readiness, `DatabaseHandle.ready`). */
  databaseReady: () => Promise<boolean>;
  /** The embedded database only: a copy for a backup to read from (`EmbeddedHandle.snapshot`). */
  databaseSnapshot?: () => Promise<DatabaseSnapshot>;
}
