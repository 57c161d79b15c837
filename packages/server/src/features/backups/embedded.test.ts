/**
 * A backup on the embedded database (issue 10): PGlite has one backend, so a run reading the live
 * database in one transaction held every other request back until it ended. The run reads a copy of
 * the data folder instead (db/embedded.ts `snapshot`): while it reads, the portal's reads and writes answer.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createFile } from '../../../test/factories-files.ts';
import { type DatabaseSnapshot, openEmbedded } from '../../db/embedded.ts';
import { runMigrations } from '../../db/migrate.ts';
import { backupLockHeld } from './queries.ts';
import { runBackup } from './service.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-embedded-backup-'));
const handle = await openEmbedded(dataDir);
afterAll(async () => {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('a backup on the embedded database', () => {
  it('reads a copy: reads and writes answer while it runs, and the backup holds the moment it began', { timeout: 180_000 }, async () => {
    await runMigrations(handle.db);
    await createFile(handle.db, { fileName: 'before the backup.pdf' });
    const backupDir = path.join(dataDir, 'backups');

    // The run stops once its copy is taken, until the test has used the live database.
    let reached = () => {};
    const atGate = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const snapshot = async (): Promise<DatabaseSnapshot> => {
      const copy = await handle.snapshot();
      reached();
      await gate;
      return copy;
    };

    const run = runBackup({ db: handle.db, config: { backupDir, backupRetain: 3 }, log: quiet, snapshot }, 'test@example.com');
    await atGate;
    // The run is under way (its lock held, its copy taken), and the portal answers.
    expect(await backupLockHeld(handle.db)).toBe(true);
    const { rows } = await handle.pool.query<{ name: string }>('select file_name as name from files');
    expect(rows.map((row) => row.name)).toEqual(['before the backup.pdf']);
    await createFile(handle.db, { fileName: 'during the backup.pdf' });
    open();
    expect(await run).toBe('done');
    expect(await backupLockHeld(handle.db)).toBe(false);

    const full = readdirSync(backupDir).find((name) => name.startsWith('portal-full-') && name.endsWith('.gz'));
    const text = gunzipSync(readFileSync(path.join(backupDir, full as string))).toString();
    expect(text).toContain('before the backup.pdf');
    expect(text).not.toContain('during the backup.pdf');
    // The copy is gone once the run ends.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('snapshot-'))).toEqual([]);
  });
});
