import type { Config } from './config.ts';
import type { AnswerCaches } from './db/answer-cache.ts';
import type { Database } from './db/client.ts';
import type { DatabaseSnapshot } from './db/embedded.ts';

/** What every feature's routes and services get: the database, its readiness, the configuration and the answer caches. */
export interface AppContext {
  db: Database;
  config: Config;
  /** Whether the database answers now (readiness, `DatabaseHandle.ready`). */
  databaseReady: () => Promise<boolean>;
  /** The embedded database only: a copy for a backup to read from (`EmbeddedHandle.snapshot`). */
  databaseSnapshot?: () => Promise<DatabaseSnapshot>;
  /** Light answers kept between requests (db/answer-cache.ts); one that never started serves nothing. */
  answers: AnswerCaches;
}
