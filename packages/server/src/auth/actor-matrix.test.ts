/**
 * Every actor x every registered route (issue 13's authorization matrix), generated from the
 * registered routes like access-matrix.test.ts, so a route added later is covered without a line here.
 *
 * The expected answer comes from the route's declared access (docs/security.md): anonymous gets 401 on
 * every guarded route; a signed-in actor whose level or user type the route refuses gets 403; an actor
 * it admits never gets 401 or 403 and never a 5xx. Refused calls aim at real records (the actor's
 * owner's catalogue, certificate, item, chip, file, folder, user) and must leave the database exactly
 * as it was; admitted calls aim at missing records, so they change nothing either.
 * Actors restricted to owner A (internal at every level from Read up, external) read owner A's records;
 * actors restricted to owner B try every write on them; every user-management route is tried across
 * scopes (docs/security.md rules 21 and 22). Foreign-owner calls with real bodies per owner-scoped
 * route are in access-matrix.test.ts.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  allEndpoints,
  defaultReportSettings,
  type GuardedAccess,
  isPublicAccess,
  meetsAccess,
  type RouteAccess,
  UserLevel,
  type UserLevelName,
  UserType,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createEvent, createFolder, createOwner, createUser } from '../../test/factories.ts';
import { createFile } from '../../test/factories-files.ts';
import { createEventTypeWithStatuses } from '../../test/factories-folders.ts';
import { chipCode, createCertificate, createChip, createEquipment, createEventItem } from '../../test/factories-items.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { measurementTemplates, measurementTemplateVersions, reportSettings } from '../db/schema.ts';

const t = await setupTestApp();
/** A backup is a file in BACKUP_DIR; its name is the record's key (decision 034). */
const BACKUP_NAME = 'portal-full-20000101-000000.backup.gz';
writeFileSync(path.join(t.config.backupDir, BACKUP_NAME), 'backup');
const isApiRoute = (url: string) => !url.startsWith('/api/docs') && url !== '/api/openapi.json';
const routes = t.app.declaredRoutes.filter((route) => route.method !== 'HEAD' && isApiRoute(route.url));

// ------------------------------------------------------------------ real records of owner A
const file = await createFile(t.db);
const a = await createCertificate(t.db, { fileId: file.id });
const item = await createEquipment(t.db, { certificateId: a.certificate.id });
const unlinked = await createEquipment(t.db);
const chip = await createChip(t.db, { equipmentId: item.id });
const rig = await createFolder(t.db, 'rig');
const someone = await createUser(t.db, { level: 'Read', owners: [a.owner.id] });
const event = await createEvent(t.db, { rigId: rig.id });
const eventItem = await createEventItem(t.db, { eventId: event.id, equipmentId: item.id, sequence: 1 });
// A signed event's report opens to external Read users of its items' owners too (issue 25 part 5).
const signedType = await createEventTypeWithStatuses(t.db, [{ name: 'OK', meaning: 'fit', isDefault: true }]);
const signedEvent = await createEvent(t.db, { rigId: rig.id, typeId: signedType.type.id });
await createEventItem(t.db, { eventId: signedEvent.id, equipmentId: item.id, sequence: 1, statusId: signedType.statuses[0].id });
const signedOff = await t.app.inject({
  method: 'POST',
  url: `/api/Events/${signedEvent.id}/SignOff`,
  headers: { authorization: (await t.loginAs({ level: 'Events' })).authorization },
  payload: { inspector: 'Matrix Inspector', qualification: 'Level 2', company: 'Matrix AS' },
});
if (signedOff.statusCode !== 201) throw new Error(`sign-off: ${signedOff.body}`);
// Owner B, its users and a user of both: none of them may a user restricted to owner A manage.
const ownerB = await createOwner(t.db, { name: 'Owner B of the matrix' });
const outsiders = [
  await createUser(t.db, { level: 'SystemAdministrator', email: 'outsider-all-owners@test.example' }),
  await createUser(t.db, { level: 'Read', owners: [ownerB.id], email: 'outsider-of-b@test.example' }),
  await createUser(t.db, { level: 'Read', owners: [a.owner.id, ownerB.id], email: 'outsider-of-a-and-b@test.example' }),
  await createUser(t.db, { type: 'Report', level: 'Read', owners: [a.owner.id, ownerB.id], email: 'outsider-external@test.example' }),
];
// A mooring spread of each owner in the report settings.
const spread = (rig: string, ownerId: number) => ({ rig, ownerId, legs: [{ name: 'Leg', stampedIds: [item.stampedId] }] });
const storedSettings = { ...defaultReportSettings, mooringSpreads: [spread('Spread of A', a.owner.id), spread('Spread of B', ownerB.id)] };
await t.db
  .insert(reportSettings)
  .values({ key: 'mooringSpreads', value: storedSettings.mooringSpreads, createdBy: 'setup', updatedBy: 'setup' });

// A measurement template version of owner A's type (docs/measurements.md).
const [templateOfA] = await t.db.insert(measurementTemplates).values({ certificateTypeId: a.type.id }).returning();
const [versionOfA] = await t.db
  .insert(measurementTemplateVersions)
  .values({
    templateId: templateOfA.id,
    version: 1,
    definition: {
      fields: [{ key: 'probe', label: 'Probe', kind: 'text', unit: null, choices: [], required: true }],
      derived: [],
      criteria: [],
    },
  })
  .returning();

/** A real record for each path parameter, by the route segment before it; anything else gets 1. */
const realParams: Record<string, string | number> = {
  'Certificates/:id': a.certificate.id,
  'Chips/:id': chip.chipId,
  'Files/:id': file.id,
  'Folders/:id': rig.id,
  'Rigs/:id': rig.id,
  'Unlinked/:id': unlinked.id,
  'Users/:id': someone.id,
  'External/:id': someone.id,
  'Account/:id': someone.id,
  'SetUserChip/:userId': someone.id,
  'Owners/:id': a.owner.id,
  'types/:t': a.type.id,
  'subtypes/:s': a.subType.id,
  'certificateType/:id': a.type.id,
  'certificateSubType/:id': a.subType.id,
  'dimension/:id': a.dimension.id,
  'Equipment/:id': item.stampedId,
  'Item/:id': item.stampedId,
  'Available/:id': item.stampedId,
  'Chip/:chip': chip.chipId,
  // An equipment item's events: by its id (EventEquipmentHistory) and by its stamped id.
  'Events/:id': item.id,
  'Events/:stampedId': item.stampedId,
  'general/:id': a.owner.id,
  'details/:x': item.stampedId,
  'Backups/:name': BACKUP_NAME,
  'Regimes/:id': a.type.id,
  'SubTypes/:id': a.subType.id,
  'Templates/:id': a.type.id,
  'TemplateVersions/:id': versionOfA.id,
  'EventComponents/:eventId': event.id,
  'component/:id': eventItem.id,
};
/** Path parameters that name one of owner A's records (the event of 'EventComponents/:eventId' spans owners, its items do not). */
const ownerRecordParams = new Set([
  'Certificates/:id',
  'Chips/:id',
  'Files/:id',
  'Users/:id',
  'Account/:id',
  'SetUserChip/:userId',
  'Owners/:id',
  'certificateType/:id',
  'certificateSubType/:id',
  'dimension/:id',
  'Equipment/:id',
  'general/:id',
  'Regimes/:id',
  'SubTypes/:id',
  'Templates/:id',
  'TemplateVersions/:id',
  'component/:id',
]);
/** Whole routes whose parameter the segment alone cannot tell (an event id or a stamped id after 'Pdf'). */
const realPaths: Record<string, string> = {
  '/api/Export/:id': `/api/Export/${event.id}`,
  '/api/Export/Pdf/:id': `/api/Export/Pdf/${signedEvent.id}`,
  '/api/Export/StampedId/:id': `/api/Export/StampedId/${encodeURIComponent(item.stampedId)}`,
  '/api/Export/StampedId/Pdf/:id': `/api/Export/StampedId/Pdf/${encodeURIComponent(item.stampedId)}`,
  '/api/Export/Evidence/:id': `/api/Export/Evidence/${encodeURIComponent(item.stampedId)}`,
};
const MISSING_ID = 2_000_000_000;
/** Routes whose parameter is not a record: the stamped id availability check answers for any id. */
const answersAnyId = new Set(['/api/Equipment/Available/:id']);

function urlFor(route: string, records: 'real' | 'missing'): string {
  if (records === 'real' && realPaths[route]) return realPaths[route];
  return route.replace(/([^/]+)\/:(\w+)/g, (_, before: string, name: string) => {
    const value = name === 'flag' ? 'true' : name === 'chipId' ? chipCode() : realParams[`${before}/:${name}`];
    const text = typeof value === 'string' && name !== 'flag' && name !== 'chipId';
    if (records === 'missing' && name === 'chip') return `${before}/${chipCode()}`;
    if (records === 'missing' && name === 'name') return `${before}/portal-full-19990101-000000.backup.gz`;
    if (records === 'missing' && name !== 'flag' && name !== 'chipId') return `${before}/${text ? 'NO-SUCH-RECORD' : MISSING_ID}`;
    return `${before}/${encodeURIComponent(String(value ?? 1))}`;
  });
}

// ------------------------------------------------------------------ actors
interface Actor {
  name: string;
  user?: { userType: number; userLevel: number; allOwners: boolean };
  authorization?: string;
  userId?: number;
}
const levels = Object.keys(UserLevel).filter((key) => Number.isNaN(Number(key))) as UserLevelName[];
/** Every level that reads anything, Read to SystemAdministrator. */
const readingLevels = levels.filter((level) => UserLevel[level] >= UserLevel.Read);
const actor = async (name: string, options: Parameters<typeof t.loginAs>[0] & { level: UserLevelName }): Promise<Actor> => {
  const login = await t.loginAs(options);
  return {
    name,
    user: {
      userType: options.type === 'Report' ? UserType.Report : UserType.Admin,
      userLevel: UserLevel[options.level],
      allOwners: options.owners === undefined,
    },
    authorization: login.authorization,
    userId: login.userId,
  };
};
const restrictedToA = await Promise.all(
  readingLevels.map((level) => actor(`internal ${level} restricted to owner A`, { level, owners: [a.owner.id] })),
);
const actors: Actor[] = [
  { name: 'anonymous' },
  ...(await Promise.all(levels.map((level) => actor(`internal ${level}`, { level })))),
  ...restrictedToA,
  ...(await Promise.all(
    readingLevels.map((level) => actor(`external ${level} of owner A`, { type: 'Report', level, owners: [a.owner.id] })),
  )),
  await actor('external with all owners', { type: 'Report', level: 'SystemAdministrator' }),
  await actor('external with no owners', { type: 'Report', level: 'SystemAdministrator', owners: [] }),
];

// ------------------------------------------------------------------ user management across scopes
interface Probe {
  url: string;
  payload?: unknown;
  /** The status, or 'list': 200 without any outsider, owner B or owner B's spread. */
  expect: number | 'list';
}
const edit = (owners: number[] | 'all', level: number = UserLevel.Read) => ({
  userLevel: level,
  userType: UserType.Admin,
  allOwners: owners === 'all',
  owners: owners === 'all' ? [] : owners,
  alias: null,
});
const toOutsiders = (path: (id: number) => string, payload?: (id: number) => unknown): Probe[] =>
  outsiders.map((user) => ({ url: path(user.id), payload: payload?.(user.id), expect: 404 }));
const callersOwn = "acts on the caller's own account only";
/**
 * What a user restricted to owner A tries on each user-management route (docs/security.md rules 21 and
 * 22): users outside their owners read as missing (404), grants beyond their owners answer 400, backups
 * 403. A route matched by the selection without an entry fails the test by name.
 */
const userManagementCalls: Record<string, ((who: Actor) => Probe[]) | string> = {
  'GET /api/Account/GetUsers': () => [{ url: '/api/Account/GetUsers', expect: 'list' }],
  'GET /api/Account/Users/External/:id': () => [
    { url: `/api/Account/Users/External/${a.owner.id}`, expect: 'list' },
    { url: `/api/Account/Users/External/${ownerB.id}`, expect: 404 },
  ],
  'GET /api/Users/:id': () => toOutsiders((id) => `/api/Users/${id}`),
  'PUT /api/Users/:id': (who) => [
    ...toOutsiders(
      (id) => `/api/Users/${id}`,
      () => edit([a.owner.id]),
    ),
    { url: `/api/Users/${who.userId}`, payload: edit('all', who.user!.userLevel), expect: 400 },
    { url: `/api/Users/${who.userId}`, payload: edit([a.owner.id, ownerB.id], who.user!.userLevel), expect: 400 },
    { url: `/api/Users/${someone.id}`, payload: edit('all'), expect: 400 },
    { url: `/api/Users/${someone.id}`, payload: edit([ownerB.id]), expect: 400 },
  ],
  'DELETE /api/Users/:id': () => toOutsiders((id) => `/api/Users/${id}`),
  'POST /api/Account/Register': "adds a user with level None and no owners; PUT /Users/:id then grants only the caller's owners",
  'POST /api/Account/SetPassword': () =>
    toOutsiders(
      () => '/api/Account/SetPassword',
      (id) => ({ userId: id, newPassword: 'Taken-over-1', confirmPassword: 'Taken-over-1' }),
    ),
  'POST /api/Account/SetUserChip/:userId/:chipId': () => toOutsiders((id) => `/api/Account/SetUserChip/${id}/${chipCode()}`),
  'POST /api/Account/:id/RemoveChip': () => toOutsiders((id) => `/api/Account/${id}/RemoveChip`),
  'PUT /api/Account/:id/currentOwner': (who) => [
    ...outsiders.map((user) => ({ url: `/api/Account/${user.id}/currentOwner?ownerId=${a.owner.id}`, expect: 403 })),
    { url: `/api/Account/${who.userId}/currentOwner?ownerId=${ownerB.id}`, expect: 400 },
  ],
  'GET /api/Account/UserInfo': callersOwn,
  'PUT /api/Account/InspectorProfile': callersOwn,
  'GET /api/Account/CurrentUser': callersOwn,
  'POST /api/Account/ChangePassword': callersOwn,
  'POST /api/Account/DownloadToken': callersOwn,
  'POST /api/Account/Logout': callersOwn,
  'GET /api/Account/DueReminders': callersOwn,
  'PUT /api/Account/DueReminders': callersOwn,
  'GET /api/Backups': () => [{ url: '/api/Backups', expect: 403 }],
  'PUT /api/Backups': () => [{ url: '/api/Backups', expect: 403 }],
  'GET /api/Backups/:name': () => [{ url: `/api/Backups/${BACKUP_NAME}`, expect: 403 }],
  'GET /api/Report/settings': () => [{ url: '/api/Report/settings', expect: 'list' }],
  'PUT /api/Report/settings': () => [
    { url: '/api/Report/settings', payload: { ...storedSettings, mooringSpreads: [spread('Taken', ownerB.id)] }, expect: 400 },
    { url: '/api/Report/settings', payload: { ...storedSettings, activityDays: 1, mooringSpreads: [] }, expect: 403 },
  ],
  'POST /api/Owners': "a new owner joins the caller's own list (owners/routes.test.ts)",
  'PUT /api/Owners/:id': () => [{ url: `/api/Owners/${ownerB.id}`, payload: { name: 'Taken over', shortCode: 'TKO' }, expect: 404 }],
};

/** 401, 403 or 'admitted', from the route's declared access alone. */
function expected(route: (typeof routes)[number], who: Actor): 401 | 403 | 'admitted' {
  const access = route.access as RouteAccess;
  if (isPublicAccess(access)) return 'admitted';
  if (!who.user) return 401;
  return meetsAccess(who.user, access) ? 'admitted' : 403;
}

const call = (method: string, url: string, who: Actor, payload: unknown = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who.authorization ? { authorization: who.authorization } : {},
    ...(method !== 'GET' && method !== 'DELETE' && { payload: payload as object }),
  });

const cases = routes.flatMap((route) => actors.map((who) => ({ route, who, expect: expected(route, who) })));
const refused = cases.filter((c) => c.expect !== 'admitted');
// Signing out ends the actor's session: it goes last.
const admitted = cases
  .filter((c) => c.expect === 'admitted')
  .sort((x, y) => Number(x.route.url.endsWith('/Logout')) - Number(y.route.url.endsWith('/Logout')));

// About 2,000 requests: 25-35 s on a quiet machine, over a minute at load 20 (it timed out at 30 s).
describe(`authorization matrix: ${routes.length} routes x ${actors.length} actors`, { timeout: 300_000 }, () => {
  it('covers every endpoint of the contract, and every API route the server registers', () => {
    // The matrix enumerates the server's routes; this ties them to the contract both ways, so an
    // endpoint left unregistered, or a route registered outside the contract, fails here by name.
    const inMatrix = new Set(routes.map((route) => `${route.method} ${route.url}`));
    const inContract = new Set(allEndpoints.map((endpoint) => `${endpoint.method} /api${endpoint.path}`));
    expect([...inContract].filter((key) => !inMatrix.has(key))).toEqual([]);
    expect([...inMatrix].filter((key) => !inContract.has(key))).toEqual([]);
  });

  it('covers every route for every actor, with both answers present', () => {
    expect(cases).toHaveLength(routes.length * actors.length);
    expect(refused.length).toBeGreaterThan(routes.length);
    expect(admitted.length).toBeGreaterThan(routes.length);
  });

  it('refuses each actor the declared access excludes (401 anonymous, 403 signed in), writing nothing', async () => {
    const before = await fingerprint(t.handle);
    expect(Object.keys(before).length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const c of refused) {
      const url = urlFor(c.route.url, 'real');
      const response = await call(c.route.method, url, c.who);
      if (response.statusCode !== c.expect)
        wrong.push(`${c.who.name}: ${c.route.method} ${url} -> ${response.statusCode}, expected ${c.expect}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(t.handle)).toEqual(before);
  });

  // Level None passes a download route's declaration, but reads no certificate file (docs/decisions/021).
  it("reads owner A's records on every owner-scoped route: in scope 200, out of scope or below Read 404 as if missing", async () => {
    const ownRecords = admitted.filter(
      (c) => c.route.method === 'GET' && c.route.url.includes('/:') && (c.route.access as { ownerScoped?: boolean }).ownerScoped,
    );
    expect(ownRecords.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const c of ownRecords) {
      const url = urlFor(c.route.url, 'real');
      const response = await call(c.route.method, url, c.who);
      // Reports are the landing page of level None too (spec section 2, docs/reports.md): they read at None.
      const reads = (c.who.user?.userLevel ?? 0) >= UserLevel.Read || c.route.url.startsWith('/api/Report/');
      const inScope = c.who.name !== 'external with no owners' && reads;
      const want = inScope ? 200 : 404;
      if (response.statusCode !== want) wrong.push(`${c.who.name}: GET ${url} -> ${response.statusCode}, expected ${want}`);
    }
    expect(wrong).toEqual([]);
  });
  /**
   * Writes by users restricted to owner B on owner A's records, by path alone (the body is empty, so
   * calls that need one stop at 400; access-matrix.test.ts sends real bodies to every owner-scoped
   * route). Generated: every write route with a parameter naming an owner's record is tried.
   */
  it("refuses every write by a user restricted to another owner on owner A's records, writing nothing", async () => {
    const restrictedToB = await Promise.all(
      readingLevels.flatMap((level) => [
        actor(`internal ${level} restricted to owner B`, { level, owners: [ownerB.id] }),
        actor(`external ${level} of owner B`, { type: 'Report', level, owners: [ownerB.id] }),
      ]),
    );
    const paramKeys = (url: string) => [...url.matchAll(/([^/]+)\/:(\w+)/g)].map(([, before, name]) => `${before}/:${name}`);
    const writes = routes.filter((route) => route.method !== 'GET' && paramKeys(route.url).some((key) => ownerRecordParams.has(key)));
    expect(writes.length).toBeGreaterThan(15);
    const before = await fingerprint(t.handle);
    const wrong: string[] = [];
    for (const route of writes) {
      for (const who of restrictedToB) {
        if (!meetsAccess(who.user!, route.access as GuardedAccess)) continue;
        const url = urlFor(route.url, 'real');
        const response = await call(route.method, url, who);
        if (![400, 403, 404].includes(response.statusCode)) wrong.push(`${who.name}: ${route.method} ${url} -> ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(t.handle)).toEqual(before);
  });

  it('tries every user-management route across scopes: a user restricted to owner A reaches no user, backup or setting outside it', async () => {
    const managing = routes.filter(
      (route) =>
        !isPublicAccess(route.access as RouteAccess) &&
        (/^\/api\/(Account|Users|Backups)(\/|$)/.test(route.url) ||
          route.url === '/api/Report/settings' ||
          (route.url.startsWith('/api/Owners') && route.method !== 'GET') ||
          (route.access as GuardedAccess).level === 'SystemAdministrator' ||
          (route.access as GuardedAccess).allOwners),
    );
    const keys = managing.map((route) => `${route.method} ${route.url}`);
    expect(keys.filter((key) => !(key in userManagementCalls))).toEqual([]);
    const before = await fingerprint(t.handle);
    const wrong: string[] = [];
    for (const route of managing) {
      const probes = userManagementCalls[`${route.method} ${route.url}`];
      if (typeof probes === 'string') continue;
      for (const who of restrictedToA) {
        if (!meetsAccess(who.user!, route.access as GuardedAccess)) continue;
        for (const probe of probes(who)) {
          const response = await call(route.method, probe.url, who, probe.payload);
          const text = `${who.name}: ${route.method} ${probe.url} -> ${response.statusCode} ${response.body.slice(0, 100)}`;
          if (probe.expect !== 'list') {
            if (response.statusCode !== probe.expect) wrong.push(`${text}, expected ${probe.expect}`);
            continue;
          }
          const leaks = [...outsiders.map((user) => user.email), ownerB.name, 'Spread of B'].filter((value) =>
            response.body.includes(value),
          );
          if (response.statusCode !== 200 || leaks.length > 0) wrong.push(`${text}, shows ${leaks.join(', ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(t.handle)).toEqual(before);
  });

  // Last: it signs each actor out at the end.
  it('admits each actor the declared access allows: never 401, 403 or a server error; a missing record reads 404', async () => {
    const wrong: string[] = [];
    for (const c of admitted) {
      const url = urlFor(c.route.url, 'missing');
      const response = await call(c.route.method, url, c.who);
      // A read of a missing record is 404, whoever asks (docs/security.md rule 4).
      const readsMissing = c.route.method === 'GET' && /:(?!flag\b)/.test(c.route.url) && !answersAnyId.has(c.route.url);
      if ([401, 403].includes(response.statusCode) || response.statusCode >= 500 || (readsMissing && response.statusCode !== 404))
        wrong.push(`${c.who.name}: ${c.route.method} ${url} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});
