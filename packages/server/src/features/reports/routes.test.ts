/** The reports against the hand-built dataset of test/factories-reports.ts (the right answers are written here). */
import { defaultReportSettings, type ReportTable, reportMessages, userMessages } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createCertificate, createEquipment, createEventItem, createMovedItem } from '../../../test/factories-items.ts';
import { createCatalogue, createDimension } from '../../../test/factories-owners.ts';
import { createReportDataset, daysAgo } from '../../../test/factories-reports.ts';
import { eventItems, events } from '../../db/schema.ts';

const t = await setupTestApp();
const data = await createReportDataset(t.db);
const admin = await t.loginAs({ level: 'Admin' });
const external = await t.loginAs({ type: 'Report', level: 'None', owners: [data.mine.id] });
const restricted = await t.loginAs({ level: 'Read', owners: [data.mine.id] });

const get = (url: string, who = external) => t.app.inject({ url: `/api${url}`, headers: { authorization: who.authorization } });
const table = async (url: string, who = external) => {
  const response = await get(url, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReportTable;
};
const post = (url: string, payload: unknown, who = external) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization: who.authorization }, payload: payload as object });
const stamped = async (url: string, who = external) => (await table(url, who)).rows.map((row) => row.stampedId);
const putSettings = (body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/Report/settings', headers: { authorization: admin.authorization }, payload: body });
const token = async (who: { authorization: string }) =>
  (await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: who.authorization } })).json()
    .token as string;

describe('equipment reports on the hand-built dataset', () => {
  it('red, yellow and red inactive select by the latest inspection: condemned and monitor', async () => {
    expect(await stamped('/Report/redEquipment')).toEqual(['RP-CH84-RED']);
    expect(await stamped('/Report/yellowEquipment')).toEqual(['RP-CH84-YEL']);
    expect(await stamped('/Report/redInactive')).toEqual(['RP-CH127-OFF']);
    const red = await table('/Report/redEquipment');
    expect(red.rows[0]).toMatchObject({ status: 'Replace', statusColor: 'danger', eventDate: daysAgo(10), comment: 'Link worn through' });
  });

  it('an internal user with all owners also sees the other owner; no foreign row for the external user', async () => {
    expect(await stamped('/Report/redEquipment', admin)).toEqual(['RP-CH84-RED', 'RP-OTHER-RED']);
    expect(await stamped('/Report/redEquipment', restricted)).toEqual(['RP-CH84-RED']);
    const everything = await get('/Report/stampedids?pageSize=500');
    expect(everything.body).not.toContain('RP-OTHER-RED');
    expect(everything.body).not.toContain(data.other.name);
  });

  it('heavy chain is chain of 114 mm or more (active), chain 84 is chain of 84 mm, with total length', async () => {
    expect(await stamped('/Report/heavyChain')).toEqual(['RP-CH127-OK']);
    const chain84 = await table('/Report/chain84');
    expect(chain84.rows.map((row) => row.stampedId)).toEqual(['RP-CH84-RED', 'RP-CH84-YEL']);
    expect(chain84.summary).toEqual([{ label: 'Total length', value: 200 }]);
  });

  it('heavy chain and chain 84 read the nominal size, not the name (issue 28 part 2)', async () => {
    const edit = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/CertificateTypes/dimension/${data.dimensions.d127.id}`,
        headers: { authorization: admin.authorization },
        payload,
      });
    expect((await edit({ name: 'Long link', nominalSize: null, nominalUnit: 'none' })).statusCode).toBe(200);
    expect(await stamped('/Report/heavyChain')).toEqual([]);
    expect((await edit({ name: 'Long link', nominalSize: 84, nominalUnit: 'mm' })).statusCode).toBe(200);
    expect(await stamped('/Report/chain84')).toEqual(['RP-CH127-OK', 'RP-CH84-RED', 'RP-CH84-YEL']);
    expect((await edit({ name: '127 mm', nominalSize: 127, nominalUnit: 'mm' })).statusCode).toBe(200);
    expect(await stamped('/Report/heavyChain')).toEqual(['RP-CH127-OK']);
  });

  it('kenter MPI lists active Kenter links with their last MPI and the days since', async () => {
    const report = await table('/Report/kenterMpi');
    expect(report.rows.map((row) => [row.stampedId, row.lastMpi, row.daysSince])).toEqual([
      ['RP-KL-MPI', daysAgo(200), 200],
      ['RP-KL-NEW', null, null],
    ]);
  });

  it('fibre rope, chips, stamped ids, renewal', async () => {
    expect(await stamped('/Report/fibreRopeStatus')).toEqual(['RP-FR-1']);
    const chipReport = await table('/Report/chipReport');
    expect(chipReport.rows.map((row) => [row.chipId, row.stampedId])).toEqual([['RPCHIP1', 'RP-KL-NEW']]);
    const all = await table('/Report/stampedids');
    expect(all.total).toBe(7);
    const renewal = await table('/Report/renewal');
    // Certificates signed 2021-03-15, no renewal event: due five years later, so overdue by now.
    expect(renewal.total).toBe(6);
    expect(renewal.rows.every((row) => row.due === '2026-03-15' && row.overdue === true)).toBe(true);
  });

  it('unlinked equipment shows to internal users only', async () => {
    expect(await stamped('/Report/unlinkedEquipment', admin)).toContain('RP-UNLINKED');
    expect((await table('/Report/unlinkedEquipment')).rows).toEqual([]);
  });

  it('key info counts per owner and type, and the totals', async () => {
    const report = await table('/Report/keyinfo');
    expect(report.rows).toEqual([
      { owner: data.mine.name, type: 'Chain', total: 4, active: 3, inactive: 1, activeWithChip: 0, connected: 0, notifications: 0 },
      { owner: data.mine.name, type: 'Fibre rope', total: 1, active: 1, inactive: 0, activeWithChip: 0, connected: 0, notifications: 0 },
      { owner: data.mine.name, type: 'Kenter links', total: 2, active: 2, inactive: 0, activeWithChip: 1, connected: 0, notifications: 0 },
    ]);
    expect(report.summary).toEqual([
      { label: 'Certificates', value: 4 },
      { label: 'Equipment', value: 7 },
      { label: 'Chips', value: 1 },
      { label: 'Events', value: 2 },
      { label: 'Files', value: 0 },
    ]);
  });

  it('equipment totals, projects and activity', async () => {
    const totals = await table('/Report/equipment/totals');
    expect(totals.rows.find((row) => row.dimension === '84 mm' && row.type === 'Chain')).toMatchObject({ total: 2, red: 1, yellow: 1 });
    const projects = await table('/Report/projects');
    expect(projects.rows).toEqual([
      expect.objectContaining({ rig: 'RP Rig', project: 'RP Project', events: 2, items: 5, red: 1, yellow: 1 }),
    ]);
    const activity = await table('/Report/activity');
    // The inspection (10 days ago) is inside the 90-day period; the MPI (200 days ago) is not.
    expect(activity.rows).toEqual([expect.objectContaining({ eventDate: daysAgo(10), items: 5, red: 2, yellow: 1 })]);
  });
});

describe('dimension order', () => {
  it('equipment totals order dimensions by their number (76, 84, 102 mm), not by name', async () => {
    const sized = await createCatalogue(t.db, { owner: 'Sized report owner', type: 'Chain', subType: 'Studlink', dimension: '102 mm' });
    for (const name of ['102 mm', '76 mm', '84 mm']) {
      const dimension = name === '102 mm' ? sized.dimension : await createDimension(t.db, sized.subType.id, { name });
      const { certificate } = await createCertificate(t.db, { catalogue: { ...sized, dimension } });
      await createEquipment(t.db, { certificateId: certificate.id });
    }
    const totals = await table(`/Report/equipment/totals?owner=${sized.owner.id}`, admin);
    expect(totals.rows.map((row) => row.dimension)).toEqual(['76 mm', '84 mm', '102 mm']);
  });
});

describe('owner report sets and settings', () => {
  it('?owner= of an owner the caller does not have is refused with 403, existing or not', async () => {
    for (const owner of [data.other.id, 999_999]) {
      const response = await get(`/Report/redEquipment?owner=${owner}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(reportMessages.ownerDenied);
    }
    expect(await stamped(`/Report/redEquipment?owner=${data.mine.id}`)).toEqual(['RP-CH84-RED']);
    expect(await stamped(`/Report/redEquipment?owner=${data.other.id}`, admin)).toEqual(['RP-OTHER-RED']);
  });

  it('an admin changes the heavy chain dimension: the report changes; red colours are no setting any more (decision 071)', async () => {
    const before = await t.app.inject({ url: '/api/Report/settings', headers: { authorization: admin.authorization } });
    expect(before.json()).toEqual(defaultReportSettings);
    expect(before.json()).not.toHaveProperty('redColors');
    const saved = await putSettings({ ...defaultReportSettings, heavyChainMinDimension: 84 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stamped('/Report/heavyChain')).toEqual(['RP-CH127-OK', 'RP-CH84-RED', 'RP-CH84-YEL']);
    const colours = await putSettings({ ...defaultReportSettings, redColors: ['danger', 'warning'] });
    expect(colours.statusCode).toBe(400);
    expect(Object.keys(colours.json().errors)).toEqual(['redColors']);
    await putSettings(defaultReportSettings);
    expect(await stamped('/Report/redEquipment')).toEqual(['RP-CH84-RED']);
  });

  it('an admin changes the activity period: totals, projects and activity count condemned red and monitor yellow', async () => {
    expect((await putSettings({ ...defaultReportSettings, activityDays: 365 })).statusCode).toBe(200);
    const totals = await table('/Report/equipment/totals');
    expect(totals.rows.find((row) => row.dimension === '84 mm' && row.type === 'Chain')).toMatchObject({ total: 2, red: 1, yellow: 1 });
    expect((await table('/Report/projects')).rows).toEqual([expect.objectContaining({ items: 5, red: 1, yellow: 1 })]);
    expect((await table('/Report/activity')).rows).toEqual([
      expect.objectContaining({ eventDate: daysAgo(10), items: 5, red: 2, yellow: 1 }),
      expect.objectContaining({ eventDate: daysAgo(200), eventType: 'MPI', items: 1, red: 0, yellow: 0 }),
    ]);
    await putSettings(defaultReportSettings);
    expect((await table('/Report/activity')).rows).toEqual([expect.objectContaining({ eventDate: daysAgo(10), red: 2 })]);
  });

  it('settings: only internal admins; bad input answers 400 naming the field and changes nothing', async () => {
    const reader = await t.loginAs({ level: 'Certificates' });
    expect((await get('/Report/settings', reader)).statusCode).toBe(403);
    expect((await get('/Report/settings', await t.loginAs({ type: 'Report', level: 'Admin' }))).statusCode).toBe(403);
    const bad = await putSettings({ ...defaultReportSettings, activityDays: 0, renewalYears: 'five' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['activityDays', 'renewalYears']));
    expect((await get('/Report/settings', admin)).json()).toEqual(defaultReportSettings);
  });

  it('mooring spreads and the top chain report follow the configured legs of the caller’s owners', async () => {
    // Every item was last inspected on "RP Rig": the spreads' own rigs must still name their rows.
    const spreads = [
      { rig: 'Nordic Aurora', ownerId: data.mine.id, legs: [{ name: 'Leg 1', stampedIds: ['RP-KL-MPI', 'RP-CH84-RED'] }] },
      {
        rig: 'Polar Kestrel',
        ownerId: data.mine.id,
        legs: [
          { name: 'Leg 1', stampedIds: ['RP-CH84-YEL'] },
          { name: 'Leg 2', stampedIds: ['RP-CH127-OK'] },
        ],
      },
    ];
    const foreignSpread = { rig: 'Other rig', ownerId: data.other.id, legs: [{ name: 'Leg 1', stampedIds: ['RP-OTHER-RED'] }] };
    expect((await putSettings({ ...defaultReportSettings, mooringSpreads: [...spreads, foreignSpread] })).statusCode).toBe(200);
    expect((await get('/Report/mooringSpreads')).json()).toEqual({ spreads });
    const expected = [
      ['Nordic Aurora', 'Leg 1', 'RP-CH84-RED', 'Replace', 'RP Rig'],
      ['Polar Kestrel', 'Leg 1', 'RP-CH84-YEL', 'Monitor', 'RP Rig'],
      ['Polar Kestrel', 'Leg 2', 'RP-CH127-OK', 'OK', 'RP Rig'],
    ];
    const top = await table('/Report/topChains');
    expect(top.rows.map((row) => [row.rig, row.leg, row.stampedId, row.status, row.eventRig])).toEqual(expected);
    const keys = top.columns.map((column) => column.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(top.columns.filter((column) => column.key.toLowerCase().includes('rig'))).toEqual([
      { key: 'rig', label: 'Rig', kind: 'text' },
      { key: 'eventRig', label: 'Event rig', kind: 'text' },
    ]);

    // The Excel file names the rows by the same rigs.
    const response = await t.app.inject({ url: `/api/Report/topChains/excel?access_token=${await token(external)}` });
    expect(response.statusCode).toBe(200);
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, blankrows: false });
    const header = rows.findIndex((row) => row[0] === 'Rig');
    const column = (label: string) => (rows[header] as string[]).indexOf(label);
    expect(column('Event rig')).toBeGreaterThan(0);
    expect(
      rows
        .slice(header + 1)
        .map((row) => [
          row[column('Rig')],
          row[column('Leg')],
          row[column('Stamped id')],
          row[column('Latest status')],
          row[column('Event rig')],
        ]),
    ).toEqual(expected);
    await putSettings(defaultReportSettings);
  });

  it('an Admin with an owner list reads and changes only their owners’ mooring spreads; other settings need all owners', async () => {
    const scopedAdmin = await t.loginAs({ level: 'Admin', owners: [data.mine.id] });
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: '/api/Report/settings', headers: { authorization: scopedAdmin.authorization }, payload: body });
    const mineSpread = { rig: 'RP Rig', ownerId: data.mine.id, legs: [{ name: 'Leg 1', stampedIds: ['RP-CH84-RED'] }] };
    const foreignSpread = { rig: 'Other rig', ownerId: data.other.id, legs: [{ name: 'Leg 1', stampedIds: ['RP-OTHER-RED'] }] };
    expect((await putSettings({ ...defaultReportSettings, mooringSpreads: [mineSpread, foreignSpread] })).statusCode).toBe(200);
    expect((await get('/Report/settings', scopedAdmin)).json()).toEqual({ ...defaultReportSettings, mooringSpreads: [mineSpread] });

    // Another owner's spread, or any other setting: refused, and nothing changes.
    const foreign = await put({ ...defaultReportSettings, mooringSpreads: [mineSpread, { ...foreignSpread, rig: 'Taken' }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ 'mooringSpreads.1.ownerId': [userMessages.notYourOwner] });
    const colours = await put({ ...defaultReportSettings, renewalYears: 10, mooringSpreads: [mineSpread] });
    expect(colours.statusCode).toBe(403);
    expect(colours.json().message).toBe(reportMessages.settingsNeedAllOwners);
    const stored = { ...defaultReportSettings, mooringSpreads: [mineSpread, foreignSpread] };
    expect((await get('/Report/settings', admin)).json()).toEqual(stored);

    // Their own spreads they change; the other owner's spread stays as it was.
    const changed = { ...mineSpread, legs: [{ name: 'Leg A', stampedIds: ['RP-CH84-YEL'] }] };
    const saved = await put({ ...defaultReportSettings, mooringSpreads: [changed] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().mooringSpreads).toEqual([changed]);
    expect((await get('/Report/settings', admin)).json().mooringSpreads).toEqual([foreignSpread, changed]);
    await putSettings(defaultReportSettings);
  });

  it('bad report input answers 400 with the field', async () => {
    const response = await get('/Report/redEquipment?owner=abc');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['owner']);
  });
});

describe('general report, item history and latest statuses', () => {
  it('the catalogue gives the caller’s owners with types, sub-types and dimensions (numbers in order)', async () => {
    const response = await get('/Report/catalogue');
    expect(response.statusCode).toBe(200);
    const [owner, ...others] = response.json();
    expect(others).toEqual([]);
    expect(owner.name).toBe(data.mine.name);
    expect(owner.types.map((type: { name: string }) => type.name)).toEqual(['Chain', 'Fibre rope', 'Kenter links']);
    expect(owner.types[0].subTypes[0].dimensions.map((d: { name: string }) => d.name)).toEqual(['84 mm', '127 mm']);
  });

  it('lists the owner’s items of a type, narrowed by dimension', async () => {
    const chain = (await t.db.query.certificateTypes.findFirst({
      where: (ct, { and, eq }) => and(eq(ct.ownerId, data.mine.id), eq(ct.name, 'Chain')),
    }))!;
    const response = await post(`/Report/general/${data.mine.id}`, { ownerType: chain.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().rows.map((row: { stampedId: string }) => row.stampedId)).toEqual([
      'RP-CH127-OFF',
      'RP-CH127-OK',
      'RP-CH84-RED',
      'RP-CH84-YEL',
    ]);
    expect((await post(`/Report/general/${data.mine.id}`, {})).json().errors.ownerType).toEqual(['Type is required']);
    expect((await post(`/Report/general/${data.other.id}`, { ownerType: chain.id })).statusCode).toBe(404);
  });

  it('gives an item’s event history by stamped id; a foreign item is missing', async () => {
    const response = await get(`/Report/general/${data.mine.id}/details/RP-CH84-YEL`);
    expect(response.json()).toEqual({
      stampedId: 'RP-CH84-YEL',
      events: [expect.objectContaining({ eventDate: daysAgo(10), status: 'Monitor', color: 'warning', comment: '=1+1', rig: 'RP Rig' })],
    });
    expect((await get(`/Report/general/${data.other.id}/details/RP-OTHER-RED`)).statusCode).toBe(404);
  });

  it('getLastEventStatus answers the visible ids only', async () => {
    const response = await post('/Report/getLastEventStatus', ['RP-CH84-RED', 'RP-OTHER-RED', 'NO-SUCH-ID', 'RP-KL-NEW']);
    expect(response.json()).toEqual([
      expect.objectContaining({ stampedId: 'RP-CH84-RED', status: 'Replace', color: 'danger', eventDate: daysAgo(10) }),
      expect.objectContaining({ stampedId: 'RP-KL-NEW', status: null, color: null, eventDate: null }),
    ]);
    expect((await post('/Report/getLastEventStatus', { ids: 'x' })).statusCode).toBe(400);
  });
});

describe('Excel downloads', () => {
  const workbook = (payload: Buffer) => XLSX.read(payload, { type: 'buffer', cellDates: true, cellStyles: true });

  it('the red report as a real workbook: header after the title lines, rows, dates as dates, no cache', async () => {
    const response = await t.app.inject({ url: `/api/Report/yellowEquipment/excel?access_token=${await token(external)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Yellow equipment \d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = workbook(response.rawPayload);
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false });
    expect(rows[0]).toEqual(['Yellow equipment']);
    expect(rows[2]).toEqual([
      'Stamped id',
      'Owner',
      'Type',
      'Sub-type',
      'Dimension',
      'Certificate',
      'Length',
      'Latest status',
      'Event date',
      'Event type',
      'Rig',
      'Last inspection',
      'Comment',
    ]);
    expect(rows.slice(3).map((row) => row[0])).toEqual(['RP-CH84-YEL']);
    // The comment '=1+1' stays text: a string cell without a formula.
    const comment = sheet.M5;
    expect(comment).toMatchObject({ t: 's', v: '=1+1' });
    expect(comment.f).toBeUndefined();
    expect(sheet.I5.t).toBe('d');
    expect(sheet.I5.z).toBe('dd.mm.yyyy');
    expect(sheet['!autofilter']).toEqual({ ref: 'A4:M4' });
  });

  it('refuses a link without a token, reuses no token, and applies owner rules when the link is used', async () => {
    expect((await t.app.inject({ url: '/api/Report/redEquipment/excel' })).statusCode).toBe(401);
    const once = await token(external);
    expect((await t.app.inject({ url: `/api/Report/redEquipment/excel?access_token=${once}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/Report/redEquipment/excel?access_token=${once}` })).statusCode).toBe(401);
    const denied = await t.app.inject({
      url: `/api/Report/redEquipment/excel?owner=${data.other.id}&access_token=${await token(external)}`,
    });
    expect(denied.statusCode).toBe(403);
    const foreign = await t.app.inject({ url: `/api/Report/stampedids/excel?access_token=${await token(external)}` });
    const names = XLSX.utils.sheet_to_json<unknown[]>(workbook(foreign.rawPayload).Sheets['Stamped ids'], { header: 1 }).flat();
    expect(names).toContain('RP-CH84-RED');
    expect(names).not.toContain('RP-OTHER-RED');
  });

  it('the general report as a workbook: the screen’s columns with Type and Due, the filter named in title and file name', async () => {
    const chain = (await t.db.query.certificateTypes.findFirst({
      where: (ct, { and, eq }) => and(eq(ct.ownerId, data.mine.id), eq(ct.name, 'Chain')),
    }))!;
    const d84 = (await t.db.query.dimensions.findFirst({ where: (d, { eq }) => eq(d.name, '84 mm') }))!;
    // A yearly inspection regime: no inspection event counts, so each active item is due a year after its signing date.
    const regime = await t.app.inject({
      method: 'PUT',
      url: `/api/DueDates/Regimes/${chain.id}`,
      headers: { authorization: admin.authorization },
      payload: { inspectionMonths: 12, renewalMonths: null },
    });
    expect(regime.statusCode, regime.body).toBe(200);
    const response = await t.app.inject({
      url: `/api/Report/general/${data.mine.id}/excel?OwnerType=${chain.id}&access_token=${await token(external)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="General report Report owner Chain \d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const sheet = workbook(response.rawPayload).Sheets['General report'];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: false });
    expect(rows[0]).toEqual(['General report: Report owner, Chain']);
    const screen = (await post(`/Report/general/${data.mine.id}`, { ownerType: chain.id })).json() as ReportTable;
    expect(screen.columns.map((column) => column.label)).toContain('Type');
    // Every column the screen shows (its table's columns, then its Due column), in that order.
    expect(rows[1]).toEqual([...screen.columns.map((column) => column.label), 'Due']);
    const due = rows[1].length - 1;
    expect(rows.slice(2).map((row) => [row[0], row[1], row[due]])).toEqual([
      ['RP-CH127-OFF', 'Chain', undefined],
      ['RP-CH127-OK', 'Chain', new Date('2022-03-15T00:00:00Z')],
      ['RP-CH84-RED', 'Chain', new Date('2022-03-15T00:00:00Z')],
      ['RP-CH84-YEL', 'Chain', new Date('2022-03-15T00:00:00Z')],
    ]);
    expect(sheet[XLSX.utils.encode_cell({ r: 4, c: due })]).toMatchObject({ t: 'd', z: 'dd.mm.yyyy' });

    // Narrowed by dimension: its name joins the title and the file name.
    const narrow = await t.app.inject({
      url: `/api/Report/general/${data.mine.id}/excel?OwnerType=${chain.id}&Dimension=${d84.id}&access_token=${await token(external)}`,
    });
    expect(narrow.headers['content-disposition']).toMatch(/^attachment; filename="General report Report owner Chain 84 mm \d{4}-/);
    const narrowRows = XLSX.utils.sheet_to_json<unknown[]>(workbook(narrow.rawPayload).Sheets['General report'], {
      header: 1,
      blankrows: false,
    });
    expect(narrowRows[0]).toEqual(['General report: Report owner, Chain, 84 mm']);
    expect(narrowRows.slice(2).map((row) => row[0])).toEqual(['RP-CH84-RED', 'RP-CH84-YEL']);
  });

  it('the general report refuses a type of another owner’s catalogue as missing', async () => {
    const foreignType = (await t.db.query.certificateTypes.findFirst({ where: (ct, { eq }) => eq(ct.ownerId, data.other.id) }))!;
    const excel = await t.app.inject({
      url: `/api/Report/general/${data.mine.id}/excel?OwnerType=${foreignType.id}&access_token=${await token(external)}`,
    });
    expect(excel.statusCode).toBe(404);
    expect((await post(`/Report/general/${data.mine.id}`, { ownerType: foreignType.id })).statusCode).toBe(404);
  });
});

describe("a moved item's events recorded for its former owner (docs/security.md rule 28)", () => {
  it('show in the General report details with date, type and status only, to the new owner; in full to all owners', async () => {
    const former = await createCertificate(t.db);
    const { status } = await createMovedItem(t.db, {
      stampedId: 'RP-MOVED-1',
      from: former.certificate.id,
      to: data.items.red.certificateId!,
    });
    const url = `/Report/general/${data.mine.id}/details/RP-MOVED-1`;
    for (const who of [external, restricted]) {
      const response = await get(url, who);
      expect(response.statusCode).toBe(200);
      expect(response.json().events).toEqual([
        {
          eventDate: '2024-03-01',
          eventType: 'Former inspection',
          status: status.name,
          color: 'warning',
          rig: null,
          project: null,
          comment: null,
        },
      ]);
      expect(response.body).not.toContain(former.owner.name);
    }
    expect((await get(url, admin)).json().events[0]).toMatchObject({ rig: 'Former rig', comment: 'Former finding' });
    expect((await get(`/Report/general/${former.owner.id}/details/RP-MOVED-1`, admin)).statusCode).toBe(404);
  });
});

describe('the activity count (decision 097)', () => {
  const both = t.loginAs({ level: 'Read', owners: [data.mine.id, data.other.id] });
  const theirs = t.loginAs({ type: 'Report', level: 'None', owners: [data.other.id] });
  const totals = async () => {
    const callers = { admin, external, both: await both, theirs: await theirs };
    const entries = await Promise.all(
      Object.entries(callers).map(async ([name, who]) => [name, (await table('/Report/activity', who)).total]),
    );
    return Object.fromEntries(entries);
  };

  it('counts the events of the period with an item of the caller, one owner, two or every owner; an event counts once', async () => {
    // The inspection 10 days ago holds items of both owners: once for everybody.
    expect(await totals()).toEqual({ admin: 1, external: 1, both: 1, theirs: 1 });

    // Today: an event with only the other owner's item, and one with only an unlinked item (no owner's).
    const foreignOnly = await createEvent(t.db, { eventDate: daysAgo(0) });
    await createEventItem(t.db, { eventId: foreignOnly.id, equipmentId: data.items.foreign.id, sequence: 1 });
    const unlinkedOnly = await createEvent(t.db, { eventDate: daysAgo(0) });
    await createEventItem(t.db, { eventId: unlinkedOnly.id, equipmentId: data.items.unlinked.id, sequence: 1 });
    expect(await totals()).toEqual({ admin: 2, external: 1, both: 2, theirs: 2 });

    // Its date moved out of the period, then back; its item removed.
    await t.db
      .update(events)
      .set({ eventDate: daysAgo(400) })
      .where(eq(events.id, foreignOnly.id));
    expect(await totals()).toEqual({ admin: 1, external: 1, both: 1, theirs: 1 });
    await t.db
      .update(events)
      .set({ eventDate: daysAgo(1) })
      .where(eq(events.id, foreignOnly.id));
    expect(await totals()).toEqual({ admin: 2, external: 1, both: 2, theirs: 2 });
    await t.db.delete(eventItems).where(eq(eventItems.eventId, foreignOnly.id));
    expect(await totals()).toEqual({ admin: 1, external: 1, both: 1, theirs: 1 });
    // Each total is the number of rows the report lists.
    for (const who of [admin, external, await both, await theirs]) {
      const report = await table('/Report/activity?pageSize=500', who);
      expect(report.rows).toHaveLength(report.total);
    }
  });
});
