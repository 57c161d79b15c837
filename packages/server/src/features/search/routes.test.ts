import { LOOKUP_LIMIT, lookupMessages, UNPRIVILEGED_EQUIPMENT_SEARCH_LIMIT } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createItem, createLookupCertificate } from '../../../test/factories-lookups.ts';
import { equipment } from '../../db/schema.ts';

const t = await setupTestApp();

// Two owners: the anchor chain of one, the fibre rope of the other; unlinked items belong to no owner.
const chain = await createLookupCertificate(t.db, { owner: 'Nordsund Drilling', certificateNumber: 'NS-4471', type: 'Chain' });
const rope = await createLookupCertificate(t.db, { owner: 'Brattvaag Offshore', certificateNumber: 'BO-4471-A', type: 'Fibre rope' });
for (let n = 1; n <= 25; n++) {
  await createItem(t.db, { stampedId: `KL-${String(n).padStart(4, '0')}`, certificateId: chain.certificate.id, length: 0.5 });
}
await createItem(t.db, { stampedId: 'KL', certificateId: chain.certificate.id });
await createItem(t.db, { stampedId: 'PR-7KL-0003', certificateId: rope.certificate.id, length: 1200 });
await createItem(t.db, { stampedId: 'UX-KL-0003', comment: 'Found on deck, no certificate' });
await createItem(t.db, { stampedId: 'AA-KL-0030', certificateId: chain.certificate.id });

const events = await t.loginAs({ level: 'Events' });
const read = await t.loginAs({ level: 'Read' });
const certificatesUser = await t.loginAs({ level: 'Certificates' });
const nordsundOnly = await t.loginAs({ level: 'Certificates', owners: [chain.owner.id] });
const external = await t.loginAs({ type: 'Report', level: 'SystemAdministrator', owners: [chain.owner.id] });

const get = (url: string, user: { authorization: string } = events) =>
  t.app.inject({ url: `/api${url}`, headers: { authorization: user.authorization } });
const ids = (items: { stampedId: string }[]) => items.map((item) => item.stampedId);

/** Unlinked items with these stamped ids, in this order, deleted when the test ends. */
async function insertForThisTest(stampedIds: string[]) {
  await t.db.insert(equipment).values(stampedIds.map((stampedId) => ({ stampedId })));
  onTestFinished(() =>
    t.db
      .delete(equipment)
      .where(inArray(equipment.stampedId, stampedIds))
      .then(() => undefined),
  );
  return stampedIds;
}

describe('GET /api/Equipment/Search', () => {
  it('finds a part of the stamped id, the exact match first, then by stamped id, with certificate and owner', async () => {
    const response = await get('/Equipment/Search?search=kl-0003');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(ids(body.items)).toEqual(['KL-0003', 'PR-7KL-0003', 'UX-KL-0003']);
    expect(body).toMatchObject({ total: 3, totalCapped: false });
    expect(body.items[0]).toMatchObject({
      stampedId: 'KL-0003',
      length: 0.5,
      certificate: { certificateNumber: 'NS-4471', type: 'Chain', owner: { name: 'Nordsund Drilling' } },
    });
    expect(body.items[2].certificate).toBeNull();
  });

  it('puts the exact match first even where it would not sort into the first rows', async () => {
    const body = (await get('/Equipment/Search?search=KL')).json();
    expect(body.items[0].stampedId).toBe('KL');
    expect(body.items).toHaveLength(LOOKUP_LIMIT);
  });

  it('treats a 2-character term as the beginning of the stamped id', async () => {
    const body = (await get('/Equipment/Search?search=ux')).json();
    expect(ids(body.items)).toEqual(['UX-KL-0003']);
  });

  it('answers the first 20, ids that begin with the term before ids that contain it, and counts them all', async () => {
    const body = (await get('/Equipment/Search?search=KL-0')).json();
    expect(body.items).toHaveLength(LOOKUP_LIMIT);
    expect(body.items[0].stampedId).toBe('KL-0001');
    expect(ids(body.items)).not.toContain('AA-KL-0030');
    // KL-0001 to KL-0025, and three that contain it further in.
    expect(body.total).toBe(28);
    const few = (await get('/Equipment/Search?search=KL-002')).json();
    expect(ids(few.items)).toEqual(['KL-0020', 'KL-0021', 'KL-0022', 'KL-0023', 'KL-0024', 'KL-0025']);
    expect(ids((await get('/Equipment/Search?search=KL-003')).json().items)).toEqual(['AA-KL-0030']);
  });

  it('shows the first 5 below Events level, level None included (an internal user keeps the search)', async () => {
    const body = (await get('/Equipment/Search?search=KL-0', read)).json();
    expect(body.items).toHaveLength(UNPRIVILEGED_EQUIPMENT_SEARCH_LIMIT);
    expect(body.total).toBe(28);
    const none = await t.loginAs({ level: 'None' });
    const atNone = await get('/Equipment/Search?search=KL-0', none);
    expect(atNone.statusCode).toBe(200);
    expect(ids(atNone.json().items)).toEqual(ids(body.items));
    const restrictedNone = await t.loginAs({ level: 'None', owners: [chain.owner.id] });
    expect(ids((await get('/Equipment/Search?search=KL-0003', restrictedNone)).json().items)).toEqual(['KL-0003', 'UX-KL-0003']);
    expect((await get('/Equipment/Search?search=KL-0', external)).statusCode).toBe(403);
  });

  it("keeps a restricted user's search within their owners, and shows unlinked items", async () => {
    const body = (await get('/Equipment/Search?search=KL-0003', nordsundOnly)).json();
    expect(ids(body.items)).toEqual(['KL-0003', 'UX-KL-0003']);
    expect((await get('/Equipment/Search?search=KL', external)).statusCode).toBe(403);
  });

  it('refuses a term under 2 characters, a missing one and control characters (400 on search)', async () => {
    const short = await get('/Equipment/Search?search=K');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ search: [lookupMessages.termTooShort('Search')] });
    expect((await get('/Equipment/Search')).json().errors).toEqual({ search: ['Search is required'] });
    expect((await get('/Equipment/Search?search=%25%00')).statusCode).toBe(400);
  });

  it('counts the matches of each part within the scope: begins with, contains, 2 characters', async () => {
    expect((await get('/Equipment/Search?search=ux')).json()).toMatchObject({ total: 1, totalCapped: false });
    expect((await get('/Equipment/Search?search=KL-0003', nordsundOnly)).json().total).toBe(2);
    expect((await get('/Equipment/Search?search=KL-0', nordsundOnly)).json().total).toBe(27);
  });

  it('counts to 1,000 and says when there are more, whether they begin with the term or contain it', async () => {
    const stampedIds = await insertForThisTest(Array.from({ length: 1001 }, (_, n) => `CP-${String(n).padStart(5, '0')}`));
    const prefixed = (await get('/Equipment/Search?search=CP-0')).json();
    expect(prefixed).toMatchObject({ total: 1000, totalCapped: true });
    expect(ids(prefixed.items)).toEqual(stampedIds.slice(0, LOOKUP_LIMIT));
    const inside = (await get('/Equipment/Search?search=P-0')).json();
    expect(inside).toMatchObject({ total: 1000, totalCapped: true });
    expect(ids(inside.items)).toEqual(stampedIds.slice(0, LOOKUP_LIMIT));
    expect((await get('/Equipment/Search?search=P-00')).json()).toMatchObject({ total: 1000, totalCapped: false });
  });

  it('past 1,000 matches inside the ids, answers 20 of the first 1,001 found, in stamped id order (a bounded read)', async () => {
    // Inserted from the highest id down, so the first found are not the lowest ids.
    await insertForThisTest(Array.from({ length: 1500 }, (_, n) => `CQ-${String(1499 - n).padStart(5, '0')}`));
    const inside = (await get('/Equipment/Search?search=Q-0')).json();
    expect(inside).toMatchObject({ total: 1000, totalCapped: true });
    const found = ids(inside.items);
    expect(found).toHaveLength(LOOKUP_LIMIT);
    expect(found.every((id) => id.includes('Q-0'))).toBe(true);
    expect(found).toEqual([...found].sort());
    // Up to 1,000 matches the page is exactly the first by id.
    const few = (await get('/Equipment/Search?search=Q-014')).json();
    expect(few).toMatchObject({ total: 100, totalCapped: false });
    expect(ids(few.items)).toEqual(Array.from({ length: LOOKUP_LIMIT }, (_, n) => `CQ-014${String(n).padStart(2, '0')}`));
  });

  it('reads % and _ as themselves', async () => {
    expect((await get('/Equipment/Search?search=%25%25%25')).json().items).toEqual([]);
    expect((await get('/Equipment/Search?search=K_-')).json().items).toEqual([]);
  });
});

describe('GET /api/Equipment?search&type', () => {
  it('filters by certificate type name, whatever its case', async () => {
    const body = (await get('/Equipment?search=0003&type=fibre%20ROPE')).json();
    expect(ids(body.items)).toEqual(['PR-7KL-0003']);
    expect((await get('/Equipment?search=0003')).json().total).toBe(3);
  });

  it('needs Read level and an internal user', async () => {
    const none = await t.loginAs({ level: 'None' });
    expect((await get('/Equipment?search=KL', none)).statusCode).toBe(403);
    expect((await get('/Equipment?search=KL', external)).statusCode).toBe(403);
  });
});

describe('GET /api/Equipment/autocomplete', () => {
  it('answers stamped ids and whether each is linked', async () => {
    const response = await get('/Equipment/autocomplete?search=X-KL-');
    expect(response.json()).toEqual([{ id: expect.any(Number), stampedId: 'UX-KL-0003', linked: false }]);
    expect((await get('/Equipment/autocomplete?search=KL-0', read)).json()).toHaveLength(UNPRIVILEGED_EQUIPMENT_SEARCH_LIMIT);
    expect((await get('/Equipment/autocomplete?search=K')).statusCode).toBe(400);
  });
});

describe('GET /api/Equipment/Available/{id}', () => {
  it('answers whether the stamped id is free, across all owners, and nothing more', async () => {
    const taken = await get('/Equipment/Available/PR-7KL-0003', nordsundOnly);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ available: false });
    expect((await get('/Equipment/Available/NEW-0001', certificatesUser)).json()).toEqual({ available: true });
    expect((await get(`/Equipment/Available/${encodeURIComponent('KL 9/9')}`, certificatesUser)).json()).toEqual({ available: true });
  });

  it('needs Certificates level and an internal user', async () => {
    expect((await get('/Equipment/Available/KL-0001', events)).statusCode).toBe(403);
    expect((await get('/Equipment/Available/KL-0001', external)).statusCode).toBe(403);
  });

  it('refuses control characters and an over-long id (400 on id)', async () => {
    const bad = await get('/Equipment/Available/KL%07', certificatesUser);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ id: ['Stamped id must not contain control characters'] });
    // Longer than a path parameter may be: the router answers 414 before the schema.
    expect((await get(`/Equipment/Available/${'A'.repeat(101)}`, certificatesUser)).statusCode).toBe(414);
  });
});

describe('GET /api/Certificates/search and /api/Certificates/type', () => {
  it('finds a part of the certificate number, the exact number first, with owner, catalogue and item count', async () => {
    const body = (await get('/Certificates/search?search=4471', read)).json();
    expect(body.items.map((c: { certificateNumber: string }) => c.certificateNumber)).toEqual(['BO-4471-A', 'NS-4471']);
    expect(body.items[1]).toMatchObject({
      owner: { name: 'Nordsund Drilling', shortCode: 'OWN' },
      type: 'Chain',
      subType: 'Studless R4',
      dimension: '84 mm',
      itemCount: 27,
    });
    const exact = (await get('/Certificates/type?search=ns-4471', certificatesUser)).json();
    expect(exact.map((c: { certificateNumber: string }) => c.certificateNumber)).toEqual(['NS-4471']);
  });

  it("keeps a restricted user within their owners' certificates", async () => {
    const body = (await get('/Certificates/type?search=4471', nordsundOnly)).json();
    expect(body.map((c: { certificateNumber: string }) => c.certificateNumber)).toEqual(['NS-4471']);
  });

  it('the autocomplete needs Certificates level; search needs an internal user, of any level', async () => {
    expect((await get('/Certificates/type?search=4471', events)).statusCode).toBe(403);
    expect((await get('/Certificates/search?search=4471', external)).statusCode).toBe(403);
    const none = await t.loginAs({ level: 'None' });
    const atNone = await get('/Certificates/search?search=ns-4471', none);
    expect(atNone.statusCode).toBe(200);
    expect(atNone.json().items.map((c: { certificateNumber: string }) => c.certificateNumber)).toContain('NS-4471');
  });

  it('refuses a short or missing term (400 on search)', async () => {
    expect((await get('/Certificates/type?search=N', certificatesUser)).json().errors).toEqual({
      search: [lookupMessages.termTooShort('Search')],
    });
    expect((await get('/Certificates/search', read)).statusCode).toBe(400);
  });
});
