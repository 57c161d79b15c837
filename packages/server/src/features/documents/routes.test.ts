/** Issued documents (issue 25 part 4): a signed event's PDF carries its number, link and QR code; /Verify checks it signed out. */
import { createHash } from 'node:crypto';
import { DOCUMENT_CODE_LENGTH, type DocumentCheck, documentMessages, UNKNOWN_CODES_PER_MINUTE } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { pdfQrCodes, pdfSignature, pdfText } from '../../../test/pdf.ts';
import { ensureDemoSigningCertificate, forgetSigningCertificate } from '../../db/signing-certificates.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', color: 'success', isDefault: true, meaning: 'fit' },
  { name: 'Replace', color: 'danger', meaning: 'condemned' },
]);
const [ok, replace] = statuses;
const { certificate } = await createCertificate(t.db);
const inspector = { inspector: 'Kari Nordmann', qualification: 'Level 2 MPI', company: 'Nordic Rope Survey AS' };

async function inspectedEvent({ signed }: { signed: boolean }) {
  const event = await createEvent(t.db, { typeId: type.id });
  const item = await createEquipment(t.db, { certificateId: certificate.id, stampedId: `DOC-${event.id}` });
  const row = await createEventItem(t.db, { eventId: event.id, equipmentId: item.id, sequence: 1, statusId: ok.id });
  if (signed) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/Events/${event.id}/SignOff`,
      headers: { authorization: editor.authorization },
      payload: inspector,
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  return { event, item, row };
}

async function downloadPdf(eventId: number) {
  const token = (
    await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: editor.authorization } })
  ).json().token as string;
  const response = await t.app.inject({ url: `/api/Export/Pdf/${eventId}?access_token=${token}` });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** Signed out, from an address of the test's own (the unknown-code limit counts per address). */
const check = (code: string, remoteAddress = '203.0.113.1') => t.app.inject({ url: `/api/Verify/${code}`, remoteAddress });

/** The hash is recorded when the download's last byte has passed: wait for it as a verifier would retry. */
async function checked(code: string): Promise<DocumentCheck> {
  for (let tries = 0; tries < 50; tries++) {
    const answer = (await check(code)).json() as DocumentCheck;
    if (answer.sha256) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the document hash was never recorded');
}

describe('issued documents', () => {
  it('prints the number, the /Verify link and its QR code on a signed event’s PDF, and /Verify answers only its facts', async () => {
    const { event, item } = await inspectedEvent({ signed: true });
    const pdf = await downloadPdf(event.id);
    const text = pdfText(pdf);
    const number = /Document (IR-\d{4}-\d{6})/.exec(text)?.[1];
    const link = /Check this document at (\S+)/.exec(text)?.[1];
    expect(number).toBeDefined();
    expect(link).toMatch(new RegExp(`/Verify/[A-Za-z0-9_-]{${DOCUMENT_CODE_LENGTH}}$`));
    expect(pdfQrCodes(pdf)).toContain(link);

    const code = link!.split('/').at(-1)!;
    const answer = await checked(code);
    expect(answer).toEqual({
      kind: 'eventReport',
      documentNumber: number,
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      signedBy: 'Kari Nordmann, Nordic Rope Survey AS',
      sha256: createHash('sha256').update(pdf).digest('hex'),
      valid: true,
    });
    const body = (await check(code)).body;
    for (const hidden of [item.stampedId, certificate.certificateNumber, editor.email, 'Level 2 MPI']) expect(body).not.toContain(hidden);

    // Each download is a document of its own.
    const again = pdfText(await downloadPdf(event.id));
    expect(/Document (IR-\d{4}-\d{6})/.exec(again)?.[1]).not.toBe(number);
  });

  it('an unsigned event’s PDF is no issued document', async () => {
    const { event } = await inspectedEvent({ signed: false });
    const text = pdfText(await downloadPdf(event.id));
    expect(text).not.toContain('Document IR-');
    expect(text).not.toContain('/Verify/');
    const { rows } = await t.db.execute(sql`select 1 from issued_documents where event_id = ${event.id}`);
    expect(rows).toEqual([]);
  });

  it('answers valid: false once the signed record was changed behind the portal', async () => {
    const { event, row } = await inspectedEvent({ signed: true });
    const link = /Check this document at (\S+)/.exec(pdfText(await downloadPdf(event.id)))![1];
    const code = link.split('/').at(-1)!;
    expect((await checked(code)).valid).toBe(true);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table event_items disable trigger seal_event_items`);
      await tx.execute(sql`update event_items set status_id = ${replace.id} where id = ${row.id}`);
      await tx.execute(sql`alter table event_items enable trigger seal_event_items`);
    });
    expect((await checked(code)).valid).toBe(false);
  });

  it('answers 404 to a guessed code, 429 past the limit of unknown codes a minute for that address, and 414 to an over-long one (the router’s limit)', async () => {
    const guess = 'A'.repeat(DOCUMENT_CODE_LENGTH);
    const first = await check(guess, '198.51.100.7');
    expect(first.statusCode).toBe(404);
    expect(first.json().message).toBe(documentMessages.notFound);
    for (let i = 1; i < UNKNOWN_CODES_PER_MINUTE; i++) expect((await check(`${guess}${i}`, '198.51.100.7')).statusCode).toBe(404);
    const limited = await check(guess, '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(documentMessages.tooMany);
    // Another address is not affected.
    expect((await check(guess, '198.51.100.8')).statusCode).toBe(404);
    expect((await check('x'.repeat(101), '198.51.100.9')).statusCode).toBe(414);
  });
});

describe('signed PDFs (decision 076)', () => {
  it('signs an issued PDF with the demo certificate: a reader finds the signer and an intact signature; a changed byte breaks it', async () => {
    await ensureDemoSigningCertificate(t.db);
    forgetSigningCertificate();
    try {
      const { event } = await inspectedEvent({ signed: true });
      const pdf = await downloadPdf(event.id);
      expect(pdfSignature(pdf)).toEqual({ signer: 'Rigging equipment portal (demo)', subFilter: 'adbe.pkcs7.detached', intact: true });
      // The number and link are still printed, and the recorded SHA-256 is of the signed file.
      const link = /Check this document at (\S+)/.exec(pdfText(pdf))![1];
      expect((await checked(link.split('/').at(-1)!)).sha256).toBe(createHash('sha256').update(pdf).digest('hex'));

      // One letter of the file's producer (plain text in its info dictionary) changed.
      const changed = Buffer.from(pdf);
      const at = changed.indexOf('Rigging portal');
      expect(at).toBeGreaterThan(0);
      changed[at] = 'r'.charCodeAt(0);
      expect(pdfSignature(changed)?.intact).toBe(false);

      // An event not signed off issues no document, and its PDF carries no signature.
      const unsigned = await inspectedEvent({ signed: false });
      expect(pdfSignature(await downloadPdf(unsigned.event.id))).toBeNull();
    } finally {
      await t.db.execute(sql`delete from signing_certificates`);
      forgetSigningCertificate();
    }
  });

  it('makes the demo certificate once: a second start keeps the first', async () => {
    await ensureDemoSigningCertificate(t.db);
    const [first] = (await t.db.execute(sql`select p12 from signing_certificates`)).rows;
    await ensureDemoSigningCertificate(t.db);
    const { rows } = await t.db.execute(sql`select p12 from signing_certificates`);
    expect(rows).toEqual([first]);
    await t.db.execute(sql`delete from signing_certificates`);
  });
});
