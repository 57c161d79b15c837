import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

/** What every feature's routes and services get: the database and the configuration. */
export interface AppContext {
  db: Database;
  config: Config;
}
