/**
 * `npm run restore -- <file>`: restores a backup into the empty database the server is configured
 * for (DATABASE_URL, otherwise the embedded database in DATA_DIR). Run it before starting the server.
 */

import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { readConfig } from '../config.ts';
import { openPostgres } from '../db/client.ts';
import { openEmbedded } from '../db/embedded.ts';
import { RestoreError, restoreBackup } from './restore.ts';

/** The file's sha256 against its `.sha256` companion, when there is one. */
async function checkFileHash(file: string) {
  if (!existsSync(`${file}.sha256`)) return 'no .sha256 file next to it; checking the per-table checksums only';
  const expected = readFileSync(`${file}.sha256`, 'utf8').split(/\s+/)[0];
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  if (hash.digest('hex') !== expected) throw new RestoreError(`${file} does not match ${file}.sha256: the file is damaged`);
  return 'file checksum matches';
}

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error('Usage: npm run restore -- <backup file>   (into the empty database of DATABASE_URL or DATA_DIR)');
  process.exit(2);
}
const config = readConfig();
const handle = config.databaseUrl ? openPostgres(config.databaseUrl, 2) : await openEmbedded(config.dataDir);
try {
  console.log(await checkFileHash(file));
  const result = await restoreBackup(handle.pool, file);
  const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Restored the ${result.kind} backup of ${result.createdAt}: ${result.tables.length} tables, ${rows} rows, checksums match.`);
} catch (error) {
  console.error(error instanceof RestoreError ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
