/**
 * Opt-in stress check of the PDF worker process (decision 092), run by hand, twice at once:
 *   PDF_STRESS_DIR=/tmp/pdf-stress/a npx vitest run packages/server/src/features/exports/pdf-stress.test.ts &
 *   PDF_STRESS_DIR=/tmp/pdf-stress/b npx vitest run packages/server/src/features/exports/pdf-stress.test.ts
 * Every kind of PDF (signed event report, item evidence, survey pack, label sheet, equipment PDF), two
 * at a time, with pauses around the worker's idle time so that some arrive while it stops; each file is
 * read here (test/pdf.ts) and kept in the folder for pdftotext.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { pdfQrCodes, pdfSignature, pdfText } from '../../../test/pdf.ts';
import { ensureDemoSigningCertificate, forgetSigningCertificate } from '../../db/signing-certificates.ts';
import { pdfWorkerState } from './pdf-process.ts';

const dir = process.env.PDF_STRESS_DIR;

describe.runIf(dir)('PDFs under load', async () => {
  const t = await setupTestApp();
  await ensureDemoSigningCertificate(t.db);
  forgetSigningCertificate();
  const users = await Promise.all(Array.from({ length: 4 }, () => t.loginAs({ level: 'Events' })));
  const { type, statuses } = await createEventTypeWithStatuses(t.db, [
    { name: 'Fit for use', color: 'success', isDefault: true, meaning: 'fit' },
  ]);
  const { certificate, owner } = await createCertificate(t.db, { certificateNumber: 'STRESS-1', quality: 'R4' });
  const rig = await createFolder(t.db, 'rig', { name: `Stress rig ${Date.now()}` });
  const event = await createEvent(t.db, { typeId: type.id, rigId: rig.id, eventDate: '2026-03-10' });
  const items = [];
  for (let i = 1; i <= 40; i++) {
    const item = await createEquipment(t.db, { stampedId: `STRESS-${String(i).padStart(3, '0')}`, certificateId: certificate.id });
    await createEventItem(t.db, { eventId: event.id, equipmentId: item.id, sequence: i, statusId: statuses[0].id });
    items.push(item);
  }
  const signed = await t.app.inject({
    method: 'POST',
    url: `/api/Events/${event.id}/SignOff`,
    headers: { authorization: users[0].authorization },
    payload: { inspector: 'Kari Nordmann', qualification: 'Level 2 MPI', company: 'Nordic Rope Survey AS' },
  });
  expect(signed.statusCode, signed.body).toBe(201);

  async function download(url: string, user: number) {
    const token = (
      await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: users[user].authorization } })
    ).json().token as string;
    return t.app.inject({ url: `/api${url}${url.includes('?') ? '&' : '?'}access_token=${token}` });
  }

  const kinds: [string, string, (pdf: Buffer) => void][] = [
    ['event', `/Export/Pdf/${event.id}`, (pdf) => expect(pdfSignature(pdf)?.intact).toBe(true)],
    ['evidence', `/Export/Evidence/${items[0].stampedId}`, (pdf) => expect(pdfSignature(pdf)?.intact).toBe(true)],
    ['pack', `/Export/SurveyPack?owner=${owner.id}&rig=${rig.id}`, (pdf) => expect(pdfSignature(pdf)?.intact).toBe(true)],
    ['labels', `/Export/Labels/Certificate/${certificate.id}`, (pdf) => expect(pdfQrCodes(pdf)).toHaveLength(40)],
    ['equipment', `/Export/StampedId/Pdf/${items[1].stampedId}`, () => {}],
  ];

  it('every PDF is whole', async () => {
    vi.stubEnv('PDF_WORKER_IDLE_MS', '150');
    mkdirSync(dir as string, { recursive: true });
    let made = 0;
    const workers = new Set<number | undefined>();
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        kinds.map(async ([kind, url, check], i) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
          const response = await download(url, i % users.length);
          workers.add(pdfWorkerState().pid);
          expect(response.statusCode, `${kind}: ${response.body.slice(0, 200)}`).toBe(200);
          const pdf = response.rawPayload;
          writeFileSync(path.join(dir as string, `${kind}-${round}.pdf`), pdf);
          expect(pdfText(pdf), kind).toContain(kind === 'labels' ? 'STRESS 001 R4' : 'STRESS-');
          check(pdf);
          made++;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
    }
    expect(made).toBe(25);
    console.log(`${made} PDFs whole, from ${workers.size} worker processes`);
    // Each issued document's hash is recorded once its last byte passed: before the database goes.
    await vi.waitFor(
      async () => expect((await t.db.execute(sql`select count(*)::int as n from issued_documents where sha256 is null`)).rows[0].n).toBe(0),
      { timeout: 30_000, interval: 50 },
    );
  }, 300_000);
});
