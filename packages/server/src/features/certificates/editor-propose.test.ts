import { certificateEditorMessages as m, messages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCertificate } from '../../../test/factories-certificates.ts';
import { oneFile } from '../../../test/multipart.ts';
import { equipment } from '../../db/schema.ts';
import { parseLength } from './import-file.ts';

const t = await setupTestApp();
// Someone else's certificate holds SR-005 and IM-2: taken for everyone, whatever their owners.
await createCertificate(t.db, { items: ['SR-005', 'IM-2'] });
const user = await t.loginAs({ level: 'Certificates' });
const restricted = await t.loginAs({ level: 'Certificates', owners: [] });

type Who = { authorization: string };
const series = (payload: object, who: Who = user) =>
  t.app.inject({ method: 'POST', url: '/api/Equipment', headers: { authorization: who.authorization }, payload });
const upload = (content: string | Buffer, who: Who = user) => {
  const { payload, headers } = oneFile('items.txt', content, 'text/plain');
  return t.app.inject({
    method: 'POST',
    url: '/api/Import/CertificateEquipment',
    headers: { ...headers, authorization: who.authorization },
    payload,
  });
};
const itemCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(equipment))[0].n;

describe('POST /api/Equipment (series)', () => {
  it('expands the range keeping the width of numberFrom, with prefix and postfix, and tells which are taken', async () => {
    const before = await itemCount();
    const response = await series({ numberFrom: '001', numberTo: '020', prefix: 'SR-', postFix: '' }, restricted);
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toHaveLength(20);
    expect(items[0]).toEqual({ stampedId: 'SR-001', available: true, length: null, comment: null, parentStampedId: null });
    expect(items[19].stampedId).toBe('SR-020');
    expect(items.filter((item: { available: boolean }) => !item.available).map((item: { stampedId: string }) => item.stampedId)).toEqual([
      'SR-005',
    ]);
    expect(
      (await series({ numberFrom: '8', numberTo: '11', postFix: '-B' })).json().items.map((i: { stampedId: string }) => i.stampedId),
    ).toEqual(['8-B', '9-B', '10-B', '11-B']);
    expect(await itemCount()).toBe(before);
  });

  it('answers the spec messages word for word', async () => {
    const cases: [object, string, string][] = [
      [{ numberFrom: '1a', numberTo: '5' }, 'numberFrom', 'The number from needs to be a valid number'],
      [{ numberFrom: '', numberTo: '5' }, 'numberFrom', 'The number from needs to be a valid number'],
      [{ numberFrom: '1', numberTo: '-5' }, 'numberTo', 'The number to needs to be a valid number'],
      [{ numberFrom: '1' }, 'numberTo', 'The number to needs to be a valid number'],
      [{ numberFrom: '10', numberTo: '010' }, 'numberTo', 'The second number needs to be larger than the first'],
      [{ numberFrom: '1', numberTo: '5000' }, 'numberTo', m.seriesTooLong],
    ];
    for (const [body, field, message] of cases) {
      const response = await series(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    const long = await series({ numberFrom: '1', numberTo: '2', prefix: 'P'.repeat(50), postFix: 'Q'.repeat(50) });
    expect(long.json().errors).toEqual({ postFix: [messages.maxLength('Stamped id', 100)] });
  });

  it('needs Certificates level and an internal user', async () => {
    for (const level of ['Read', 'Events'] as const) {
      expect((await series({ numberFrom: '1', numberTo: '2' }, await t.loginAs({ level }))).statusCode).toBe(403);
    }
    const external = await t.loginAs({ type: 'Report', level: 'SystemAdministrator' });
    expect((await series({ numberFrom: '1', numberTo: '2' }, external)).statusCode).toBe(403);
  });
});

describe('POST /api/Import/CertificateEquipment', () => {
  it('reads the rows (header, blank lines, comma or dot decimals) with their availability; writes nothing', async () => {
    const before = await itemCount();
    const file = '\uFEFFStampedID;Length;Comment;Parent\r\nIM-1;120,5;Top chain segment;\r\n\r\nIM-2;27.5;;\nIM-3;;Kenter link;IM-1\n;;;\n';
    const response = await upload(file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      content: [
        { stampedId: 'IM-1', available: true, length: 120.5, comment: 'Top chain segment', parentStampedId: null },
        { stampedId: 'IM-2', available: false, length: 27.5, comment: null, parentStampedId: null },
        { stampedId: 'IM-3', available: true, length: null, comment: 'Kenter link', parentStampedId: 'IM-1' },
      ],
    });
    expect(await itemCount()).toBe(before);
  });

  it('tells a comma-separated file to use semicolons, in one error', async () => {
    const response = await upload('stampedId,length,comment\nIM-1,12.5,ok\nIM-2,13,ok\n');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ errors: [{ line: 1, message: m.useSemicolons }] });
  });

  it('answers every bad line with its number and message', async () => {
    const response = await upload(
      ['IM-7;abc;fine', ';12;no id', 'IM-8;1;ok;IM-8', 'IM-7;2', 'IM-9;1;a;b;extra', `IM-10;1;${'c'.repeat(1001)}`].join('\n'),
    );
    expect(response.json()).toEqual({
      errors: [
        { line: 1, message: m.importLengthInvalid },
        { line: 2, message: 'Stamped id is required' },
        { line: 3, message: m.parentIsSelf('IM-8') },
        { line: 4, message: m.stampedIdTwice('IM-7') },
        { line: 5, message: m.importLayout },
        { line: 6, message: messages.maxLength('Comment', 1000) },
      ],
    });
  });

  it('refuses a file that is not text, an empty file, and callers below Certificates level', async () => {
    const binary = await upload(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().errors).toEqual({ File: [m.importNotText] });
    expect((await upload('stampedId;length\n\n')).json()).toEqual({ errors: [{ line: 1, message: m.importEmpty }] });
    expect((await upload('IM-1;1', await t.loginAs({ level: 'Events' }))).statusCode).toBe(403);
    expect((await upload('IM-1;1', await t.loginAs({ type: 'Report', level: 'Admin' }))).statusCode).toBe(403);
  });

  it('reads lengths as people type them', () => {
    expect([
      parseLength('12'),
      parseLength('12,5'),
      parseLength('12.5'),
      parseLength('1.234,5'),
      parseLength('1,234.5'),
      parseLength('1 234,5'),
    ]).toEqual([12, 12.5, 12.5, 1234.5, 1234.5, 1234.5]);
    expect([parseLength('1,2,3'), parseLength('-1'), parseLength('12m'), parseLength('1e3')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
