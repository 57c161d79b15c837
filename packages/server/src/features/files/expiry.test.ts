/** Uploads never attached to anything are deleted after a day (db/unused-files.ts); files in use stay. */
import { fileMessages } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createCertificateWithFile, createFile, createHelpFile } from '../../../test/factories-files.ts';
import { files } from '../../db/schema.ts';
import { deleteExpiredUploads } from '../../db/unused-files.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'Admin' });

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
const stored = async (ids: number[]) =>
  (await t.db.select({ id: files.id }).from(files).where(inArray(files.id, ids))).map((row) => row.id).sort((a, b) => a - b);

describe('expired uploads', () => {
  it('deletes uploads older than a day that nothing refers to, and keeps younger ones and files in use', async () => {
    const old = { createdBy: admin.email, createdAt: hoursAgo(25) };
    const unattached = await createFile(t.db, old);
    const young = await createFile(t.db, { createdBy: admin.email, createdAt: hoursAgo(23) });
    const certificateFile = await createFile(t.db, old);
    await createCertificateWithFile(t.db, certificateFile.id);
    const eventFile = await createFile(t.db, old);
    await createEvent(t.db, { fileId: eventFile.id });
    const { file: helpFile } = await createHelpFile(t.db, old);
    const ids = [unattached.id, young.id, certificateFile.id, eventFile.id, helpFile.id];

    expect(await deleteExpiredUploads(t.db)).toBeGreaterThanOrEqual(1);
    expect(await stored(ids)).toEqual(ids.filter((id) => id !== unattached.id).sort((a, b) => a - b));
  });

  it('answers a save naming a deleted upload with 400 "The file expired, upload it again"', async () => {
    const upload = await createFile(t.db, { createdBy: admin.email, createdAt: hoursAgo(30) });
    await deleteExpiredUploads(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Help',
      headers: { authorization: admin.authorization },
      payload: { fileId: upload.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ fileId: [fileMessages.expired] });
    expect(fileMessages.expired).toBe('The file expired, upload it again');
  });

  it("answers another user's file the same, as if it did not exist", async () => {
    const others = await createFile(t.db, { createdBy: 'someone@test.example' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Help',
      headers: { authorization: admin.authorization },
      payload: { fileId: others.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ fileId: [fileMessages.expired] });
  });
});
