/** A backup run's worker thread (dump.ts `writeBackupsInWorker`): opens its own connection and writes the backups. */
import { workerData } from 'node:worker_threads';
import pg from 'pg';
import { type DumpJob, writeBackups } from './dump.ts';

const job = workerData as DumpJob;
const client = new pg.Client(job.connection);
await client.connect();
try {
  await writeBackups(client, { dir: job.dir, kinds: job.kinds, at: new Date(job.at) });
} finally {
  await client.end();
}
