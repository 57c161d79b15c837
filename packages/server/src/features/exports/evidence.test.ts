/**
 * The owner's evidence (issue 25 part 5, docs/reports.md "The owner's evidence"): an external Read
 * user downloads a signed event's report with their owners' items only, and an item's evidence PDF;
 * another owner's event rows, item or certificate never reach them.
 */

import { createHash } from 'node:crypto';
import { type DocumentCheck, evidenceMessages } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createFile } from '../../../test/factories-files.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { pdfText as pdfPieces, pdfSignature } from '../../../test/pdf.ts';
import { certificates, reportSettings } from '../../db/schema.ts';
import { ensureDemoSigningCertificate, forgetSigningCertificate } from '../../db/signing-certificates.ts';

/** The PDF's text as one line: words a table cell wrapped read as written. */
const pdfText = (pdf: Buffer) => pdfPieces(pdf).replace(/\s+/g, ' ');

const t = await setupTestApp();
const signer = await t.loginAs({ level: 'Events' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'Fit for use', color: 'success', isDefault: true, meaning: 'fit' },
  { name: 'Discard', color: 'danger', meaning: 'condemned' },
]);
const [fit, discard] = statuses;
const mine = await createCertificate(t.db, { manufacturer: 'Vicinay Cadenas', certificateNumber: 'EV-MINE-1' });
const theirs = await createCertificate(t.db, { manufacturer: 'Other Maker', certificateNumber: 'EV-THEIRS-1' });
const myItem = await createEquipment(t.db, { certificateId: mine.certificate.id, stampedId: 'EV-MINE-084-0001' });
const theirItem = await createEquipment(t.db, { certificateId: theirs.certificate.id, stampedId: 'EV-THEIRS-084-0001' });
const external = await t.loginAs({ type: 'Report', level: 'Read', owners: [mine.owner.id] });
const externalNone = await t.loginAs({ type: 'Report', level: 'None', owners: [mine.owner.id] });
const internalRead = await t.loginAs({ level: 'Read' });
const inspector = { inspector: 'Kari Nordmann', qualification: 'Level 2 MPI', company: 'Nordic Rope Survey AS' };

/** An inspection of the given items (status by item), signed off unless said otherwise. */
async function inspection(
  items: [{ id: number }, number][],
  { signed = true, eventDate = '2026-03-10', rigId = undefined as number | undefined } = {},
) {
  const event = await createEvent(t.db, {
    typeId: type.id,
    eventDate,
    createdBy: 'staff.member@test.example',
    ...(rigId ? { rigId } : {}),
  });
  for (const [i, [item, statusId]] of items.entries()) {
    await createEventItem(t.db, { eventId: event.id, equipmentId: item.id, sequence: i + 1, statusId });
  }
  if (signed) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/Events/${event.id}/SignOff`,
      headers: { authorization: signer.authorization },
      payload: inspector,
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  return event;
}

async function download(path: string, who: { authorization: string }) {
  const token = (
    await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: who.authorization } })
  ).json().token as string;
  return t.app.inject({ url: `/api${path}${path.includes('?') ? '&' : '?'}access_token=${token}` });
}

const shared = await inspection([
  [myItem, fit.id],
  [theirItem, discard.id],
]);
const unsigned = await inspection([[myItem, fit.id]], { signed: false, eventDate: '2026-06-01' });
const onlyTheirs = await inspection([[theirItem, fit.id]]);
const unsignedTheirs = await inspection([[theirItem, fit.id]], { signed: false, eventDate: '2026-06-02' });

describe("a signed event's report for an external user", () => {
  it("holds their owners' items only, with its document number, and no staff names or images", async () => {
    const response = await download(`/Export/Pdf/${shared.id}?trace=true`, external);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('EV-MINE-084-0001');
    expect(text).toContain('Fit for use');
    expect(text).toMatch(/Document IR-\d{4}-\d{6}/);
    expect(text).toContain('Kari Nordmann (Level 2 MPI, Nordic Rope Survey AS)');
    for (const hidden of ['EV-THEIRS-084-0001', 'Discard', 'EV-THEIRS-1', 'Other Maker', 'staff.member@test.example']) {
      expect(text).not.toContain(hidden);
    }
    // An internal user sees every item of the event, and who registered it.
    const internalText = pdfText((await download(`/Export/Pdf/${shared.id}`, internalRead)).rawPayload);
    expect(internalText).toContain('EV-THEIRS-084-0001');
    expect(internalText).toContain('staff.member@test.example');
  });

  it('refuses an unsigned event of theirs (403), and an event without their items, signed or not, or a missing one as missing (404)', async () => {
    const refused = await download(`/Export/Pdf/${unsigned.id}`, external);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(evidenceMessages.notSigned);
    expect((await download(`/Export/Pdf/${onlyTheirs.id}`, external)).statusCode).toBe(404);
    // Another owner's unsigned event reads as missing too: a 403 would tell that its id exists.
    expect((await download(`/Export/Pdf/${unsignedTheirs.id}`, external)).statusCode).toBe(404);
    expect((await download('/Export/Pdf/2000000000', external)).statusCode).toBe(404);
    // The Excel file of an event stays internal, and level None reads no report.
    expect((await download(`/Export/${shared.id}`, external)).statusCode).toBe(403);
    expect((await download(`/Export/Pdf/${shared.id}`, externalNone)).statusCode).toBe(403);
    // Internal users still get an unsigned event's PDF, without a document number.
    const internal = await download(`/Export/Pdf/${unsigned.id}`, internalRead);
    expect(internal.statusCode).toBe(200);
    expect(pdfText(internal.rawPayload)).not.toContain('Document IR-');
  });

  it('answers 400 for an id that is no id, and 401 without a download token', async () => {
    expect((await download('/Export/Pdf/abc', external)).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/Export/Pdf/${shared.id}` })).statusCode).toBe(401);
  });
});

/** The document's code, from the link it prints. */
const codeOf = (text: string) => /Check this document at \S+\/Verify\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
/** /Verify signed out, once the download's hash is recorded (it is, when the last byte has passed). */
async function verified(code: string): Promise<DocumentCheck> {
  for (let tries = 0; tries < 50; tries++) {
    const answer = (await t.app.inject({ url: `/api/Verify/${code}`, remoteAddress: '203.0.113.9' })).json() as DocumentCheck;
    if (answer.sha256) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the document hash was never recorded');
}

describe("an item's evidence PDF", () => {
  it('prints the certificate facts, every event with its result and signer or "Not signed off", amendments and the due date', async () => {
    // An amendment of the signed result: the evidence prints the amended result and the amendment.
    const [row] = (
      await t.db.execute<{ id: number }>(sql`select id::int from event_items where event_id = ${shared.id} and equipment_id = ${myItem.id}`)
    ).rows;
    const amended = await t.app.inject({
      method: 'POST',
      url: `/api/Events/${shared.id}/Amendments`,
      headers: { authorization: signer.authorization },
      payload: { eventComponentId: row.id, statusId: discard.id, comment: 'Pitting on link 3', reason: 'Photos reviewed ashore' },
    });
    expect(amended.statusCode, amended.body).toBe(201);

    const response = await download(`/Export/Evidence/${myItem.stampedId}`, external);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('Evidence EV-MINE-084-0001.pdf');
    const text = pdfText(response.rawPayload);
    for (const fact of ['EV-MINE-084-0001', 'EV-MINE-1', 'Vicinay Cadenas', mine.owner.name, '15.03.2021', 'R4']) {
      expect(text).toContain(fact);
    }
    expect(text).toMatch(/Document IE-\d{4}-\d{6}/);
    expect(text).toContain('Events (2; 1 signed off)');
    expect(text).toContain('10.03.2026');
    expect(text).toContain('Kari Nordmann (Level 2 MPI, Nordic Rope Survey AS) on');
    expect(text).toContain('Not signed off');
    expect(text).toContain('Amendments of signed results (1)');
    expect(text).toContain('Fit for use -> Discard');
    expect(text).toContain('Photos reviewed ashore');
    // Staff names are internal: who amended is not printed for an external user; nor another owner's item.
    expect(text).not.toContain(signer.email);
    expect(text).not.toContain('EV-THEIRS');
    expect(text).toContain('Next due');

    const answer = await verified(codeOf(text)!);
    expect(answer).toMatchObject({ kind: 'itemEvidence', signedBy: 'Kari Nordmann, Nordic Rope Survey AS', valid: true });
    expect(Object.keys(answer).sort()).toEqual(['documentNumber', 'issuedAt', 'kind', 'sha256', 'signedBy', 'valid']);
  });

  it('is valid on /Verify while the signed events it lists are unaltered, and not after a change behind the portal', async () => {
    const item = await createEquipment(t.db, { certificateId: mine.certificate.id, stampedId: 'EV-MINE-084-0002' });
    const event = await inspection([[item, fit.id]]);
    const text = pdfText((await download(`/Export/Evidence/${item.stampedId}`, internalRead)).rawPayload);
    const code = codeOf(text)!;
    expect((await verified(code)).valid).toBe(true);
    // An SQL change of the sealed item, with the seal triggers off, as a script behind the portal would.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table event_items disable trigger seal_event_items`);
      await tx.execute(sql`update event_items set comment = 'edited behind the portal' where event_id = ${event.id}`);
      await tx.execute(sql`alter table event_items enable trigger seal_event_items`);
    });
    expect((await verified(code)).valid).toBe(false);
  });

  it("refuses another owner's item, an unlinked item and a missing one as missing (404), level None (403) and bad ids (400)", async () => {
    const unlinked = await createEquipment(t.db, { stampedId: 'EV-UNLINKED-1' });
    expect((await download(`/Export/Evidence/${theirItem.stampedId}`, external)).statusCode).toBe(404);
    expect((await download(`/Export/Evidence/${unlinked.stampedId}`, external)).statusCode).toBe(404);
    expect((await download('/Export/Evidence/NO-SUCH-ITEM', external)).statusCode).toBe(404);
    expect((await download(`/Export/Evidence/${myItem.stampedId}`, externalNone)).statusCode).toBe(403);
    const restricted = await t.loginAs({ level: 'Read', owners: [mine.owner.id] });
    expect((await download(`/Export/Evidence/${theirItem.stampedId}`, restricted)).statusCode).toBe(404);
    // Internal users read unlinked items (docs/security.md rule 9).
    expect((await download(`/Export/Evidence/${unlinked.stampedId}`, internalRead)).statusCode).toBe(200);
    expect((await download('/Export/Evidence/AB%01CD', external)).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/Export/Evidence/${myItem.stampedId}` })).statusCode).toBe(401);
  });
});

describe("an owner's survey pack for one rig", async () => {
  const rig = await createFolder(t.db, 'rig', { name: `Pack rig ${Date.now()}` });
  const otherRig = await createFolder(t.db, 'rig', { name: `Other rig ${Date.now()}` });
  const item = (stampedId: string, certificateId: number) => createEquipment(t.db, { certificateId, stampedId });
  const signedItem = await item('PK-MINE-1', mine.certificate.id);
  const unsignedItem = await item('PK-MINE-2', mine.certificate.id);
  const elsewhere = await item('PK-MINE-3', mine.certificate.id);
  const foreignItem = await item('PK-THEIRS-1', theirs.certificate.id);
  await inspection(
    [
      [signedItem, fit.id],
      [foreignItem, discard.id],
    ],
    { rigId: rig.id, eventDate: '2026-09-01' },
  );
  await inspection([[unsignedItem, fit.id]], { rigId: rig.id, eventDate: '2026-09-02', signed: false });
  await inspection([[elsewhere, fit.id]], { rigId: otherRig.id, eventDate: '2026-09-03' });
  await t.db.insert(reportSettings).values({
    key: 'mooringSpreads',
    value: [{ rig: rig.name, ownerId: mine.owner.id, legs: [{ name: 'Leg 1', stampedIds: ['PK-MINE-1', 'PK-NOWHERE-9'] }] }],
    createdBy: 'setup',
    updatedBy: 'setup',
  });
  const pack = (who: { authorization: string }, owner = mine.owner.id, rigId: number | string = rig.id) =>
    download(`/Export/SurveyPack?owner=${owner}&rig=${rigId}`, who);

  it('offers the rigs where their owners have active equipment, with the number of items', async () => {
    const response = await t.app.inject({ url: '/api/Export/SurveyPack/Rigs', headers: { authorization: external.authorization } });
    expect(response.statusCode, response.body).toBe(200);
    const rigs = response.json() as { ownerId: number; rigId: number; items: number }[];
    expect(rigs).toContainEqual({ ownerId: mine.owner.id, owner: mine.owner.name, rigId: rig.id, rig: rig.name, items: 2 });
    expect(rigs.every((row) => row.ownerId === mine.owner.id)).toBe(true);
  });

  it("holds the cover, the owner's spread with its lights, and each item's certificate and last inspection; no other owner's item", async () => {
    const response = await pack(external);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Survey pack: ${mine.owner.name}, ${rig.name}`);
    expect(text).toMatch(/Document SP-\d{4}-\d{6}/);
    expect(text).toContain(`Mooring spread ${rig.name}: 1 leg`);
    expect(text).toContain('PK-NOWHERE-9 Not found');
    expect(text).toContain('Equipment (2)');
    for (const fact of [
      'PK-MINE-1',
      'PK-MINE-2',
      'EV-MINE-1',
      'Vicinay Cadenas',
      '01.09.2026',
      '02.09.2026',
      'Kari Nordmann',
      'Not signed off',
    ]) {
      expect(text).toContain(fact);
    }
    for (const hidden of ['PK-MINE-3', 'PK-THEIRS-1', 'Discard', 'Other Maker']) expect(text).not.toContain(hidden);
    const answer = await verified(codeOf(text)!);
    expect(answer).toMatchObject({ kind: 'surveyPack', signedBy: 'Kari Nordmann, Nordic Rope Survey AS', valid: true });
  });

  it("as a ZIP holds the pack's PDF (the issued document) and its items' certificate PDFs, none of another owner", async () => {
    for (const [certificate, fileName] of [
      [mine.certificate, 'mine-scan.pdf'],
      [theirs.certificate, 'theirs-scan.pdf'],
    ] as const) {
      const file = await createFile(t.db, { fileName });
      await t.db.update(certificates).set({ fileId: file.id }).where(eq(certificates.id, certificate.id));
    }
    const response = await download(`/Export/SurveyPack?owner=${mine.owner.id}&rig=${rig.id}&format=zip`, external);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(entries);
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^Survey pack .+\.pdf$/);
    expect(names[1]).toBe('Certificates/EV-MINE-1.pdf');
    const packPdf = Buffer.from(entries[names[0]]);
    const text = pdfText(packPdf);
    expect(text).toContain('Equipment (2)');
    expect(text).not.toContain('PK-THEIRS-1');
    const answer = await verified(codeOf(text)!);
    expect(answer).toMatchObject({ kind: 'surveyPack', valid: true, sha256: createHash('sha256').update(packPdf).digest('hex') });
    expect((await download(`/Export/SurveyPack?owner=${mine.owner.id}&rig=${rig.id}&format=tar`, external)).statusCode).toBe(400);
  });

  // What a 2,000-item pack holds; its time and memory are measured outside the tests (docs/reports.md).
  it('builds a pack of 2,000 items, each signed off, first to last', async () => {
    const bulkRig = await createFolder(t.db, 'rig', { name: `Bulk rig ${Date.now()}` });
    const { rows: bulk } = await t.db.execute<{ id: number }>(sql`
      insert into equipment (stamped_id, certificate_id, length, created_by)
      select 'PK-BULK-' || lpad(g::text, 5, '0'), ${mine.certificate.id}, 27.5, 'setup' from generate_series(1, 2000) g
      returning id`);
    const event = await createEvent(t.db, { typeId: type.id, rigId: bulkRig.id, eventDate: '2026-10-01' });
    await t.db.execute(sql`
      insert into event_items (event_id, equipment_id, sequence, status_id)
      select ${event.id}, id, row_number() over (order by id), ${fit.id} from equipment where id = any(${sql.param(bulk.map((row) => row.id))}::int[])`);
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/Events/${event.id}/SignOff`,
      headers: { authorization: signer.authorization },
      payload: inspector,
    });
    expect(signed.statusCode, signed.body).toBe(201);

    const response = await pack(external, mine.owner.id, bulkRig.id);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Equipment (2000)');
    expect(text).toContain('PK-BULK-00001');
    expect(text).toContain('PK-BULK-02000');
  }, 60_000);

  it('is signed as every issued PDF, alone and inside the ZIP (decision 076)', async () => {
    await ensureDemoSigningCertificate(t.db);
    forgetSigningCertificate();
    try {
      const alone = await pack(external);
      expect(alone.statusCode, alone.body).toBe(200);
      expect(pdfSignature(alone.rawPayload)).toEqual({
        signer: 'Rigging equipment portal (demo)',
        subFilter: 'adbe.pkcs7.detached',
        intact: true,
      });
      const zipped = await download(`/Export/SurveyPack?owner=${mine.owner.id}&rig=${rig.id}&format=zip`, external);
      expect(zipped.statusCode, zipped.body).toBe(200);
      const entries = unzipSync(new Uint8Array(zipped.rawPayload));
      const name = Object.keys(entries).find((entry) => entry.endsWith('.pdf') && !entry.startsWith('Certificates/'));
      expect(name && pdfSignature(Buffer.from(entries[name]))?.intact).toBe(true);
    } finally {
      await t.db.execute(sql`delete from signing_certificates`);
      forgetSigningCertificate();
    }
  });

  it('refuses another owner (403), a rig without their items (404), level None (403) and bad input (400)', async () => {
    const denied = await pack(external, theirs.owner.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain(theirs.owner.name);
    expect((await pack(external, mine.owner.id, otherRig.id + 100000)).statusCode).toBe(404);
    const restricted = await t.loginAs({ level: 'Read', owners: [theirs.owner.id] });
    expect((await pack(restricted)).statusCode).toBe(403);
    expect((await pack(externalNone)).statusCode).toBe(403);
    expect((await pack(external, mine.owner.id, 'abc')).statusCode).toBe(400);
    expect((await download(`/Export/SurveyPack?owner=${mine.owner.id}`, external)).statusCode).toBe(400);
    // Another owner's rig: theirs has an item on the pack's rig, but the caller's owner is what counts.
    const theirPack = await pack(internalRead, theirs.owner.id);
    expect(theirPack.statusCode).toBe(200);
    expect(pdfText(theirPack.rawPayload)).not.toContain('PK-MINE-');
  });
});
