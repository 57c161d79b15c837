import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { backupMessages, messages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createFile } from '../../../test/factories-files.ts';
import { BACKUP_LOCK_KEY } from './queries.ts';

const t = await setupTestApp();
const sysadmin = await t.loginAs({ level: 'SystemAdministrator' });
const { backupDir } = t.config;

const list = (authorization = sysadmin.authorization) => t.app.inject({ url: '/api/Backups', headers: { authorization } });
let lastStart = 0;
const start = (authorization = sysadmin.authorization) => {
  lastStart = Date.now();
  return t.app.inject({ method: 'PUT', url: '/api/Backups', headers: { authorization } });
};

/** Waits until the latest run has finished (the run goes on after PUT answers). */
async function finishedRun() {
  return vi.waitFor(
    async () => {
      const body = (await list()).json();
      // The run answers PUT before it records itself: wait for this run's own status, finished.
      expect(Date.parse(body.status?.startedAt ?? '1970-01-01')).toBeGreaterThanOrEqual(lastStart);
      expect(body.status?.state).not.toBe('running');
      return body;
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe('PUT /api/Backups and GET /api/Backups', () => {
  it('starts a run that writes a data-only and a full backup of one snapshot into BACKUP_DIR, then lists them', async () => {
    await createFile(t.db, { fileName: 'kept.pdf' });
    expect((await list()).json()).toEqual({ status: null, fullBackups: [], partialBackups: [] });
    const response = await start();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.backupStarted });
    const body = await finishedRun();
    expect(body.status).toMatchObject({ state: 'done', startedBy: sysadmin.email, error: null, finishedAt: expect.any(String) });
    expect(body.fullBackups).toHaveLength(1);
    expect(body.partialBackups).toHaveLength(1);
    const [full] = body.fullBackups;
    expect(full).toEqual({
      name: expect.stringMatching(/^portal-full-\d{8}-\d{6}\.backup\.gz$/),
      url: `/api/Backups/${full.name}`,
      created: expect.any(String),
      size: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(body.partialBackups[0].name).toBe(full.name.replace('full', 'partial'));
    expect(existsSync(path.join(backupDir, full.name))).toBe(true);
    // The backups are files, not rows of the database they back up.
    const { rows } = await t.db.execute(sql`select count(*)::int as n from files where file_name like 'portal-%'`);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a second run with 409 while one holds the lock, on any instance', async () => {
    await t.db.execute(sql`select pg_advisory_lock(${BACKUP_LOCK_KEY})`);
    try {
      const response = await start();
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(backupMessages.alreadyRunning);
    } finally {
      await t.db.execute(sql`select pg_advisory_unlock(${BACKUP_LOCK_KEY})`);
    }
  });

  it('keeps BACKUP_RETAIN backups of each kind', async () => {
    const retain = t.config.backupRetain;
    // Older backups made earlier (only their names and checksums matter for retention).
    for (let day = 1; day <= retain + 1; day++) {
      for (const kind of ['full', 'partial'])
        writeFileSync(path.join(backupDir, `portal-${kind}-200001${String(day).padStart(2, '0')}-000000.backup.gz`), 'old');
    }
    expect((await start()).statusCode).toBe(200);
    const body = await finishedRun();
    expect(body.fullBackups).toHaveLength(retain);
    expect(body.partialBackups).toHaveLength(retain);
    expect(body.fullBackups[0].name).not.toMatch(/^portal-full-2000/);
    expect(existsSync(path.join(backupDir, 'portal-full-20000101-000000.backup.gz'))).toBe(false);
  });

  it('refuses users below SystemAdministrator and external users', async () => {
    for (const user of [await t.loginAs({ level: 'Admin' }), await t.loginAs({ level: 'SystemAdministrator', type: 'Report' })]) {
      expect((await list(user.authorization)).statusCode).toBe(403);
      expect((await start(user.authorization)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/Backups' })).statusCode).toBe(401);
  });
});

describe('GET /api/Backups/{name}', () => {
  it('downloads a backup with a download token, as a gzip whose first line is the header', async () => {
    const [full] = (await list()).json().fullBackups;
    const token = (
      await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: sysadmin.authorization } })
    ).json().token;
    // The listed url is the download address.
    const response = await t.app.inject({ url: `${full.url}?access_token=${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toContain(full.name);
    expect(response.rawPayload.equals(readFileSync(path.join(backupDir, full.name)))).toBe(true);
    const header = JSON.parse(gunzipSync(response.rawPayload).toString('utf8').split('\n')[0].slice(2));
    expect(header).toMatchObject({ format: 'portal-backup', kind: 'full' });
    // The token works once.
    expect((await t.app.inject({ url: `/api/Backups/${full.name}?access_token=${token}` })).statusCode).toBe(401);
  });

  it('answers 400 for a name that is not a backup (no path outside BACKUP_DIR), 404 for a missing one', async () => {
    const headers = { authorization: sysadmin.authorization };
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'portal-full-1.backup.gz', 'x.sha256']) {
      const response = await t.app.inject({ url: `/api/Backups/${name}`, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ name: [backupMessages.notABackup] });
    }
    expect((await t.app.inject({ url: '/api/Backups/portal-full-19990101-000000.backup.gz', headers })).statusCode).toBe(404);
  });

  it('refuses an Admin and a token of an Admin', async () => {
    const admin = await t.loginAs({ level: 'Admin' });
    const [full] = (await list()).json().fullBackups;
    expect((await t.app.inject({ url: `/api/Backups/${full.name}`, headers: { authorization: admin.authorization } })).statusCode).toBe(
      403,
    );
  });
});
