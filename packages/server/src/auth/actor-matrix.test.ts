/**
 * Every actor x every registered route (issue 13's authorization matrix), generated from the
 * registered routes like access-matrix.test.ts, so a route added later is covered without a line here.
 *
 * The expected answer comes from the route's declared access (docs/security.md): anonymous gets 401 on
 * every guarded route; a signed-in actor whose level or user type the route refuses gets 403; an actor
 * it admits never gets 401 or 403 and never a 5xx. Refused calls aim at real records (the actor's
 * owner's catalogue, certificate, item, chip, file, folder, user) and must leave the database exactly
 * as it was; admitted calls aim at missing records, so they change nothing either.
 * Foreign-owner calls per owner-scoped route are in access-matrix.test.ts.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { allEndpoints, isPublicAccess, meetsAccess, type RouteAccess, UserLevel, type UserLevelName, UserType } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createEvent, createFolder, createUser } from '../../test/factories.ts';
import { createFile } from '../../test/factories-files.ts';
import { chipCode, createCertificate, createChip, createEquipment, createEventItem } from '../../test/factories-items.ts';
import { fingerprint } from '../../test/fingerprint.ts';

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
await createEventItem(t.db, { eventId: event.id, equipmentId: item.id, sequence: 1 });

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
};
/** Whole routes whose parameter the segment alone cannot tell (an event id or a stamped id after 'Pdf'). */
const realPaths: Record<string, string> = {
  '/api/Export/:id': `/api/Export/${event.id}`,
  '/api/Export/Pdf/:id': `/api/Export/Pdf/${event.id}`,
  '/api/Export/StampedId/:id': `/api/Export/StampedId/${encodeURIComponent(item.stampedId)}`,
  '/api/Export/StampedId/Pdf/:id': `/api/Export/StampedId/Pdf/${encodeURIComponent(item.stampedId)}`,
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
  user?: { userType: number; userLevel: number };
  authorization?: string;
}
const levels = Object.keys(UserLevel).filter((key) => Number.isNaN(Number(key))) as UserLevelName[];
const actor = async (name: string, options: Parameters<typeof t.loginAs>[0] & { level: UserLevelName }): Promise<Actor> => ({
  name,
  user: { userType: options.type === 'Report' ? UserType.Report : UserType.Admin, userLevel: UserLevel[options.level] },
  authorization: (await t.loginAs(options)).authorization,
});
const actors: Actor[] = [
  { name: 'anonymous' },
  ...(await Promise.all(levels.map((level) => actor(`internal ${level}`, { level })))),
  await actor('internal restricted to owner A', { level: 'SystemAdministrator', owners: [a.owner.id] }),
  await actor('external of owner A', { type: 'Report', level: 'Read', owners: [a.owner.id] }),
  await actor('external with all owners', { type: 'Report', level: 'SystemAdministrator' }),
  await actor('external with no owners', { type: 'Report', level: 'SystemAdministrator', owners: [] }),
];

/** 401, 403 or 'admitted', from the route's declared access alone. */
function expected(route: (typeof routes)[number], who: Actor): 401 | 403 | 'admitted' {
  const access = route.access as RouteAccess;
  if (isPublicAccess(access)) return 'admitted';
  if (!who.user) return 401;
  return meetsAccess(who.user, access) ? 'admitted' : 403;
}

const call = (method: string, url: string, who: Actor) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who.authorization ? { authorization: who.authorization } : {},
    ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }),
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
