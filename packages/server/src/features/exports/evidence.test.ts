/**
 * The owner's evidence (issue 25 part 5, docs/reports.md "The owner's evidence"): an external Read
 * user downloads a signed event's report with their owners' items only, and an item's evidence PDF;
 * another owner's event rows, item or certificate never reach them.
 */
import { type DocumentCheck, evidenceMessages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { pdfText as pdfPieces } from '../../../test/pdf.ts';

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
async function inspection(items: [{ id: number }, number][], { signed = true, eventDate = '2026-03-10' } = {}) {
  const event = await createEvent(t.db, { typeId: type.id, eventDate, createdBy: 'staff.member@test.example' });
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

  it('refuses an unsigned event (403 as before), and a signed event without their items or a missing one as missing (404)', async () => {
    const refused = await download(`/Export/Pdf/${unsigned.id}`, external);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(evidenceMessages.notSigned);
    expect((await download(`/Export/Pdf/${onlyTheirs.id}`, external)).statusCode).toBe(404);
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
