/**
 * What `npm run bench` measures: one line per endpoint. A new feature adds its lists, details,
 * searches, reports and exports here (docs/performance.md, "Adding an endpoint").
 *
 * - `kind` sets the target: list and detail p95 < 50 ms, search < 100 ms, report < 200 ms, light
 *   (a small authenticated answer) < 50 ms; `auth` (login, and the health route as the portal's HTTP
 *   floor beside the bare hello) has none; `export` (a file through a download link: a fresh token per
 *   request, one at a time, time to last byte) < 5 s, with the server's RSS growth logged.
 * - `bare: true` also runs the SQL the portal ran for one such request through the bare server
 *   (bench/bare-server.ts) and reports the portal's throughput as a share of it (target 0.7).
 * - `connections: 1` for large payloads; the default is the run's (32).
 * - `embedded: true` puts it in the short `--embedded` subset.
 * - Paths are functions of the fixtures the bench finds or makes in the scale set (bench/database.ts).
 */
import { FAIR_USE_LIMITS, reportNameList } from '@portal/contract';
import type { Fixtures } from './database.ts';

export type Kind = 'list' | 'detail' | 'search' | 'report' | 'export' | 'light' | 'auth';

export interface BenchEndpoint {
  name: string;
  kind: Kind;
  path: (f: Fixtures) => string;
  method?: 'GET' | 'POST';
  body?: (f: Fixtures) => unknown;
  /** No bearer token (login). */
  anonymous?: boolean;
  bare?: boolean;
  connections?: number;
  embedded?: boolean;
  /** A download link: the path gets a fresh `access_token` per request (kind `export`). */
  download?: boolean;
  /** A p95 target of its own (ms), checked at any number of connections (an issue's own figure). */
  target?: number;
}

export const targetP95: Record<Kind, number | null> = {
  list: 50,
  detail: 50,
  light: 50,
  search: 100,
  report: 200,
  export: 5000,
  auth: null,
};
export const RATIO_TARGET = 0.7;
/** Reports with their own line (and bare SQL) below; the other reports follow them. */
const BENCHED_ABOVE = ['keyinfo', 'equipment/totals', 'redEquipment', 'yellowEquipment', 'projects'];
/**
 * Report reads are fair-use limited (docs/security.md rule 25): one user, as the bench signs in, may
 * have this many loading at once, and a 33rd connection would only measure the 429. So they run at
 * that many connections: what one user can ask of the server.
 */
const ONE_USERS_REPORTS = FAIR_USE_LIMITS.report;

// biome-ignore format: one endpoint per line
export const endpoints: BenchEndpoint[] = [
  { name: 'health (portal HTTP floor)', kind: 'auth', path: () => '/api/health', anonymous: true },
  { name: 'login', kind: 'auth', method: 'POST', path: () => '/api/Account/Login', body: (f) => f.login, anonymous: true, connections: 4 },
  { name: 'current user', kind: 'light', path: () => '/api/Account/CurrentUser', bare: true, embedded: true },
  { name: 'events page 0', kind: 'list', path: () => '/api/Events?page=0&pageSize=50', bare: true, embedded: true },
  { name: 'events page 200', kind: 'list', path: () => '/api/Events?page=200&pageSize=50', bare: true, embedded: true },
  { name: 'events by rig', kind: 'list', path: (f) => `/api/Events/byFilter?page=0&pageSize=50&rig=${f.rigId}`, bare: true },
  { name: 'events filters', kind: 'light', path: () => '/api/Events/getFilters', bare: true },
  { name: 'codetables', kind: 'light', path: () => '/api/Events/codetables', bare: true, embedded: true },
  { name: 'owners', kind: 'light', path: () => '/api/Owners', bare: true, embedded: true },
  { name: 'users list', kind: 'list', path: () => '/api/Account/GetUsers', bare: true },
  { name: 'certificates page 0', kind: 'list', path: () => '/api/Certificates?page=0&pageSize=50', bare: true, embedded: true },
  { name: 'certificates page 200', kind: 'list', path: () => '/api/Certificates?page=200&pageSize=50', bare: true },
  { name: 'certificate detail', kind: 'detail', path: (f) => `/api/Certificates/${f.certificateId}`, bare: true, embedded: true },
  { name: 'certificate 2,000 rows', kind: 'detail', path: (f) => `/api/Certificates/${f.bigCertificateId}`, bare: true, connections: 1 },
  { name: 'equipment detail', kind: 'detail', path: (f) => `/api/Equipment/${f.stampedId}`, bare: true, embedded: true },
  { name: 'availability', kind: 'light', path: (f) => `/api/Equipment/Available/${f.stampedId}`, bare: true },
  { name: 'case duplicates', kind: 'list', path: () => '/api/CaseDuplicates', bare: true },
  { name: 'equipment search', kind: 'search', path: () => '/api/Equipment/Search?search=0042', bare: true, embedded: true },
  { name: 'event detail header', kind: 'detail', path: (f) => `/api/Events/${f.bigEventId}/Details`, bare: true },
  { name: 'event editor 2,000 items', kind: 'detail', path: (f) => `/api/EventComponents/${f.pdfEventId}/GetChipsForEdit`, bare: true, connections: 1, target: 100 },
  { name: 'event items page 0', kind: 'list', path: (f) => `/api/Events/${f.bigEventId}/chips?page=0&pageSize=50`, bare: true },
  { name: 'event summary', kind: 'detail', path: (f) => `/api/Events/${f.bigEventId}/EquipmentSummary`, bare: true },
  { name: 'event look-up', kind: 'search', path: () => '/api/Events/type?search=SC-EV-001', bare: true },
  { name: 'certificate search', kind: 'search', path: () => '/api/Certificates/search?search=1234', bare: true },
  { name: 'report key info', kind: 'report', path: () => '/api/Report/keyinfo?page=0&pageSize=50', bare: true, connections: ONE_USERS_REPORTS },
  { name: 'report totals', kind: 'report', path: () => '/api/Report/equipment/totals?page=0&pageSize=50', bare: true, connections: ONE_USERS_REPORTS },
  { name: 'report red', kind: 'report', path: () => '/api/Report/redEquipment?page=0&pageSize=50', bare: true, connections: ONE_USERS_REPORTS },
  { name: 'report yellow', kind: 'report', path: () => '/api/Report/yellowEquipment?page=0&pageSize=50', bare: true, connections: ONE_USERS_REPORTS },
  { name: 'report projects', kind: 'report', path: () => '/api/Report/projects?page=0&pageSize=50', bare: true, connections: ONE_USERS_REPORTS },
  { name: 'report general', kind: 'report', method: 'POST', path: (f) => `/api/Report/general/${f.ownerId}`, body: (f) => ({ ownerType: f.typeId }), bare: true, connections: ONE_USERS_REPORTS },
  { name: 'equipment search 10k', kind: 'search', path: () => '/api/Equipment/Search?search=SC-0012', bare: true },
  // Issue 27 part 2's third term: one that matches nothing.
  { name: 'equipment search, no match', kind: 'search', path: () => '/api/Equipment/Search?search=ZQ9X', bare: true },
  // The same terms in the other two searches ('SC-0012' matches no event and no certificate number).
  { name: 'event look-up 0042', kind: 'search', path: () => '/api/Events/type?search=0042', bare: true },
  { name: 'event look-up, no match', kind: 'search', path: () => '/api/Events/type?search=ZQ9X', bare: true },
  { name: 'certificate search 0042', kind: 'search', path: () => '/api/Certificates/search?search=0042', bare: true },
  { name: 'certificate search, no match', kind: 'search', path: () => '/api/Certificates/search?search=ZQ9X', bare: true },
  ...reportNameList.filter((name) => !BENCHED_ABOVE.includes(name)).map((name): BenchEndpoint => ({ name: `report ${name}`, kind: 'report', path: () => `/api/Report/${name}`, connections: ONE_USERS_REPORTS })),
  // Issue 28 part 5: items predicted to reach discard within 12 months (seed:scale measures chain items).
  { name: 'report predicted discard', kind: 'report', path: () => '/api/Report/predictedDiscard?months=12&page=0&pageSize=50', bare: true, connections: ONE_USERS_REPORTS },
  { name: 'Excel stamped ids (all rows)', kind: 'export', path: () => '/api/Report/stampedids/excel', download: true, connections: 1 },
  { name: 'event PDF 2,000 items', kind: 'export', path: (f) => `/api/Export/Pdf/${f.pdfEventId}`, download: true, connections: 1 },
  { name: 'survey pack rigs', kind: 'report', path: () => '/api/Export/SurveyPack/Rigs' },
  { name: 'item evidence PDF', kind: 'export', path: (f) => `/api/Export/Evidence/${f.stampedId}`, download: true, connections: 1 },
  { name: 'survey pack PDF (largest rig)', kind: 'export', path: (f) => `/api/Export/SurveyPack?owner=${f.packOwnerId}&rig=${f.packRigId}`, download: true, connections: 1 },
  { name: 'due: red items page 0', kind: 'list', path: () => '/api/Reports/Due?Light=red&Page=0&PageSize=50', bare: true, connections: ONE_USERS_REPORTS },
];
