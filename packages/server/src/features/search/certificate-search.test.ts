// The certificate search's count, cap, scope and 2-character terms (its rows and access: routes.test.ts).
import { LOOKUP_LIMIT } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createLookupCertificate } from '../../../test/factories-lookups.ts';
import { certificates } from '../../db/schema.ts';

const t = await setupTestApp();

const nordsund = await createLookupCertificate(t.db, { owner: 'Nordsund Drilling', certificateNumber: 'NS-4471' });
const brattvaag = await createLookupCertificate(t.db, { owner: 'Brattvaag Offshore', certificateNumber: 'BO-4471-A' });
const pad = (n: number) => String(n).padStart(5, '0');
const onCatalogue = (of: typeof nordsund, certificateNumber: string) => ({
  ownerId: of.owner.id,
  typeId: of.type.id,
  subTypeId: of.subType.id,
  dimensionId: of.dimension.id,
  certificateNumber,
});
// Nordsund: CX-00000 to CX-01000 (1,001); Brattvaag: CX-01001 to CX-01003 and X-0.
await t.db
  .insert(certificates)
  .values([
    ...Array.from({ length: 1001 }, (_, n) => onCatalogue(nordsund, `CX-${pad(n)}`)),
    ...[1001, 1002, 1003].map((n) => onCatalogue(brattvaag, `CX-${pad(n)}`)),
    onCatalogue(brattvaag, 'X-0'),
  ]);

const read = await t.loginAs({ level: 'Read' });
const certificatesUser = await t.loginAs({ level: 'Certificates' });
const nordsundOnly = await t.loginAs({ level: 'Certificates', owners: [nordsund.owner.id] });

const search = async (term: string, user: { authorization: string } = read) => {
  const response = await t.app.inject({
    url: `/api/Certificates/search?search=${encodeURIComponent(term)}`,
    headers: { authorization: user.authorization },
  });
  expect(response.statusCode).toBe(200);
  const body: { items: { certificateNumber: string; owner: { name: string } }[]; total: number; totalCapped: boolean } = response.json();
  return { ...body, numbers: body.items.map((c) => c.certificateNumber) };
};
const sorted = (numbers: string[]) => [...numbers].sort();

describe('GET /api/Certificates/search: count and cap', () => {
  it('counts the matches within the scope, exactly up to 1,000', async () => {
    expect(await search('CX-010')).toMatchObject({
      numbers: ['CX-01000', 'CX-01001', 'CX-01002', 'CX-01003'],
      total: 4,
      totalCapped: false,
    });
    expect(await search('CX-010', nordsundOnly)).toMatchObject({ numbers: ['CX-01000'], total: 1, totalCapped: false });
    const thousand = await search('cx-00', nordsundOnly);
    expect(thousand).toMatchObject({ total: 1000, totalCapped: false });
    expect(thousand.numbers).toEqual(Array.from({ length: LOOKUP_LIMIT }, (_, n) => `CX-${pad(n)}`));
    expect(await search('ZZZQ')).toMatchObject({ items: [], total: 0, totalCapped: false });
  });

  it("says when there are more than 1,000, for a restricted user counting their owners' only", async () => {
    const all = await search('CX-0');
    expect(all).toMatchObject({ total: 1000, totalCapped: true });
    const restricted = await search('CX-0', nordsundOnly);
    expect(restricted).toMatchObject({ total: 1000, totalCapped: true });
    for (const found of [all, restricted]) {
      expect(found.numbers).toHaveLength(LOOKUP_LIMIT);
      expect(found.numbers).toEqual(sorted(found.numbers));
      expect(found.numbers.every((number) => number.startsWith('CX-0'))).toBe(true);
    }
    expect(restricted.items.every((c) => c.owner.name === 'Nordsund Drilling')).toBe(true);
  });

  it('puts the exact number first, in any case, even past 1,000 matches where it would sort last', async () => {
    const found = await search('x-0');
    expect(found).toMatchObject({ total: 1000, totalCapped: true });
    expect(found.numbers[0]).toBe('X-0');
    expect(found.numbers).toHaveLength(LOOKUP_LIMIT);
    expect((await search('x-0', nordsundOnly)).numbers).not.toContain('X-0');
  });

  it('treats a 2-character term as the beginning of the number, upper-cased, and counts those', async () => {
    expect(await search('ns')).toMatchObject({ numbers: ['NS-4471'], total: 1, totalCapped: false });
    expect(await search('44')).toMatchObject({ items: [], total: 0 });
    expect(await search('bo', nordsundOnly)).toMatchObject({ items: [], total: 0 });
    expect(await search('cx')).toMatchObject({ total: 1000, totalCapped: true });
    const autocomplete = (user: { authorization: string }) =>
      t.app.inject({ url: '/api/Certificates/type?search=bo', headers: { authorization: user.authorization } }).then((r) => r.json());
    expect((await autocomplete(certificatesUser)).map((c: { certificateNumber: string }) => c.certificateNumber)).toEqual(['BO-4471-A']);
    expect(await autocomplete(nordsundOnly)).toEqual([]);
  });
});
