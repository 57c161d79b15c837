/** Label sheets (docs/labels.md): what a printed label says, where its QR code leads, and who may print it. */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { pdfQrCodes, pdfText } from '../../../test/pdf.ts';

const t = await setupTestApp();
const { certificate, owner } = await createCertificate(t.db, { certificateNumber: 'LBL-1', quality: 'R4', dateSigned: '2019-05-01' });
const chain = await createEquipment(t.db, { stampedId: 'LBL-CH-0001', certificateId: certificate.id });
const shackle = await createEquipment(t.db, { stampedId: 'LBL/SH-2', certificateId: certificate.id });
await createEquipment(t.db, { stampedId: 'LBL-CH-0002', certificateId: certificate.id });
await createEquipment(t.db, { stampedId: 'LBL-OFF', certificateId: certificate.id, hidden: true });
const foreign = await createCertificate(t.db, { certificateNumber: 'LBL-FOREIGN' });
const foreignItem = await createEquipment(t.db, { stampedId: 'LBL-FOREIGN-1', certificateId: foreign.certificate.id });
// An age reset in 2024 gives the items in it the year 24 on their labels; LBL-CH-0002 keeps its signed year, 19.
const reset = await createEvent(t.db, { eventDate: '2024-03-10', resetAge: true, ageAtReset: 2 });
await createEventItem(t.db, { eventId: reset.id, equipmentId: chain.id, sequence: 1 });
await createEventItem(t.db, { eventId: reset.id, equipmentId: foreignItem.id, sequence: 2 });
await createEventItem(t.db, { eventId: reset.id, equipmentId: shackle.id, sequence: 3 });
const empty = await createEvent(t.db);

const events = await t.loginAs({ level: 'Events' });
const restricted = await t.loginAs({ level: 'Events', owners: [owner.id] });

async function download(path: string, who: { authorization: string }) {
  const token = (
    await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: who.authorization } })
  ).json().token as string;
  return t.app.inject({ url: `/api${path}${path.includes('?') ? '&' : '?'}access_token=${token}` });
}

describe('label sheets', () => {
  it("a certificate's active items on A4: label text, stamped id, and QR codes that open each item's page", async () => {
    const response = await download(`/Export/Labels/Certificate/${certificate.id}`, events);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('Labels LBL-1.pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('LBL CH 0001 R4 24');
    expect(text).toContain('LBL CH 0002 R4 19');
    expect(text).toContain('LBL/SH 2 R4 24');
    expect(text).not.toContain('LBL-OFF');
    // By stamped id; a slash stays inside the one path segment.
    expect(pdfQrCodes(response.rawPayload)).toEqual([
      'http://portal.test/Equipment/LBL-CH-0001',
      'http://portal.test/Equipment/LBL-CH-0002',
      'http://portal.test/Equipment/LBL%2FSH-2',
    ]);
    expect(response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  });

  it("an event's items on a roll, one label per 50 x 25 mm page, in the event's order", async () => {
    const response = await download(`/Export/Labels/Event/${reset.id}?layout=roll`, events);
    expect(response.statusCode, response.body).toBe(200);
    const pdf = response.rawPayload.toString('latin1');
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(3);
    expect(pdf).toContain('/MediaBox [0 0 141.732283 70.866142]');
    expect(pdfQrCodes(response.rawPayload)).toEqual([
      'http://portal.test/Equipment/LBL-CH-0001',
      'http://portal.test/Equipment/LBL-FOREIGN-1',
      'http://portal.test/Equipment/LBL%2FSH-2',
    ]);
  });

  it("a user restricted to some owners gets their owners' labels only, and 404 for another owner's certificate", async () => {
    const own = await download(`/Export/Labels/Event/${reset.id}`, restricted);
    expect(own.statusCode, own.body).toBe(200);
    expect(pdfText(own.rawPayload)).not.toContain('FOREIGN');
    expect(pdfQrCodes(own.rawPayload)).toHaveLength(2);
    const other = await download(`/Export/Labels/Certificate/${foreign.certificate.id}`, restricted);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('The certificate was not found');
  });

  it('needs Events level and an internal user; a link without a token is refused', async () => {
    for (const who of [await t.loginAs({ level: 'Read' }), await t.loginAs({ level: 'Admin', type: 'Report' })]) {
      expect((await download(`/Export/Labels/Certificate/${certificate.id}`, who)).statusCode).toBe(403);
      expect((await download(`/Export/Labels/Event/${reset.id}`, who)).statusCode).toBe(403);
      const links = await t.app.inject({ url: '/api/Export/Labels/Links', headers: { authorization: who.authorization } });
      expect(links.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: `/api/Export/Labels/Certificate/${certificate.id}` })).statusCode).toBe(401);
  });

  it('says what is wrong: an unknown layout, an id that is not a number, nothing to label, a missing event', async () => {
    const layout = await download(`/Export/Labels/Certificate/${certificate.id}?layout=a5`, events);
    expect(layout.statusCode).toBe(400);
    expect(layout.body).toContain("Layout must be 'a4' or 'roll'");
    expect((await download('/Export/Labels/Certificate/abc', events)).statusCode).toBe(400);
    const none = await download(`/Export/Labels/Event/${empty.id}`, events);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('There are no items to label: add items first, or check that they are active and of your owners.');
    expect((await download('/Export/Labels/Event/999999', events)).statusCode).toBe(404);
  });

  it("tells the dialog where the links point, and that a localhost address is this machine's only", async () => {
    const links = await t.app.inject({ url: '/api/Export/Labels/Links', headers: { authorization: events.authorization } });
    expect(links.statusCode).toBe(200);
    expect(links.json()).toEqual({ linkBase: 'http://portal.test/Equipment/', pointsToLocalhost: false });
  });
});
