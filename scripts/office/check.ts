/**
 * The exports through real office tools (issue 9, `.ci/run` stage "office files"): every report's
 * Excel file, the general report's, and the event and equipment exports, written by the app on the
 * hand-built report dataset (embedded database in a temporary folder), are converted by LibreOffice
 * (`libreoffice --headless --convert-to csv`, one run for all files) and must hold the report's header
 * and exactly its rows (first column compared to the JSON answer); every PDF must give its text to
 * `pdftotext`, page numbers included; the label sheets' codes, rendered by `pdftoppm`, must decode with
 * `zbarimg` to their items' links (docs/labels.md). Prints each step's time; exits 1 on the first mismatch.
 *
 *   node scripts/office/check.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reportNameList } from '@portal/contract';
import { buildApp } from '../../packages/server/src/app.ts';
import { createSession } from '../../packages/server/src/auth/sessions.ts';
import { readConfig } from '../../packages/server/src/config.ts';
import { openEmbedded } from '../../packages/server/src/db/embedded.ts';
import { runMigrations } from '../../packages/server/src/db/migrate.ts';
import { createUser } from '../../packages/server/test/factories.ts';
import { createReportDataset } from '../../packages/server/test/factories-reports.ts';

const started = performance.now();
const step = (what: string) => console.log(`${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${what}`);
const work = mkdtempSync(path.join(tmpdir(), 'office-check-'));
const failures: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
};

const handle = await openEmbedded(path.join(work, 'db'));
await runMigrations(handle.db);
const data = await createReportDataset(handle.db);
const app = await buildApp({ db: handle.db, databaseReady: handle.ready, config: { ...readConfig({}), publicUrl: 'http://office.check' } });
await app.ready();
const user = await createUser(handle.db, { level: 'Admin' });
const authorization = `Bearer ${await createSession(handle.db, { userId: user.id, ip: '127.0.0.1' })}`;
step('dataset and app ready');

async function download(url: string, file: string) {
  const token = (await app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization } })).json().token;
  const response = await app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}access_token=${token}` });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  writeFileSync(path.join(work, file), response.rawPayload);
}

interface Table {
  columns: { key: string; label: string; kind: string }[];
  rows: Record<string, unknown>[];
  total: number;
}
const expected = new Map<string, Table>();
for (const [index, name] of reportNameList.entries()) {
  const table = (await app.inject({ url: `/api/Report/${name}?pageSize=500`, headers: { authorization } })).json() as Table;
  expected.set(`report-${index}`, table);
  await download(`/api/Report/${name}/excel`, `report-${index}.xlsx`);
}
const catalogue = (await app.inject({ url: '/api/Report/catalogue', headers: { authorization } })).json() as {
  id: number;
  types: { id: number; name: string }[];
}[];
const chain = catalogue.find((owner) => owner.id === data.mine.id)?.types.find((type) => type.name === 'Chain');
if (!chain) throw new Error('the dataset has no Chain type');
const general = await app.inject({
  method: 'POST',
  url: `/api/Report/general/${data.mine.id}`,
  headers: { authorization },
  payload: { ownerType: chain.id, pageSize: 500 },
});
expected.set('general', general.json() as Table);
await download(`/api/Report/general/${data.mine.id}/excel?OwnerType=${chain.id}`, 'general.xlsx');
const stampedId = data.items.red.stampedId;
await download(`/api/Export/${data.event.id}?trace=true`, 'event.xlsx');
await download(`/api/Export/StampedId/${stampedId}`, 'item.xlsx');
const pdfs = {
  'event-portrait.pdf': `/api/Export/Pdf/${data.event.id}`,
  'event-landscape.pdf': `/api/Export/Pdf/${data.event.id}?trace=true&orientation=landscape&hideImages=true`,
  'item.pdf': `/api/Export/StampedId/Pdf/${stampedId}`,
};
for (const [file, url] of Object.entries(pdfs)) await download(url, file);
// Label sheets: a certificate's on A4, the event's on the roll (docs/labels.md).
const certificateId = data.items.red.certificateId;
const labelSheets = {
  'labels-a4.pdf': { url: `/api/Export/Labels/Certificate/${certificateId}`, ids: [data.items.red.stampedId, data.items.yellow.stampedId] },
  'labels-roll.pdf': {
    url: `/api/Export/Labels/Event/${data.event.id}?layout=roll`,
    ids: [data.items.red, data.items.yellow, data.items.ok127, data.items.off127, data.items.fibre, data.items.foreign].map(
      (i) => i.stampedId,
    ),
  },
};
for (const [file, sheet] of Object.entries(labelSheets)) await download(sheet.url, file);
await app.close();
await handle.close();
step(`${expected.size + 2} workbooks, ${Object.keys(pdfs).length} PDFs and ${Object.keys(labelSheets).length} label sheets written`);

const books = [...expected.keys(), 'event', 'item'];
execFileSync(
  'libreoffice',
  [
    '--headless',
    '--convert-to',
    'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true',
    '--outdir',
    work,
    ...books.map((b) => path.join(work, `${b}.xlsx`)),
  ],
  { stdio: 'ignore', env: { ...process.env, HOME: work } },
);
step('LibreOffice converted them');

/** CSV lines to cells (LibreOffice quotes text with commas or quotes). */
const parse = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replaceAll('""', '"')).slice(0, -1),
    );

for (const [book, table] of expected) {
  const lines = parse(readFileSync(path.join(work, `${book}.csv`), 'utf8'));
  const labels = table.columns.map((c) => c.label);
  const header = lines.findIndex((cells) => labels.every((label, i) => cells[i] === label));
  check(header >= 0, `${book}: no header row ${labels.join(', ')}`);
  const body = lines.slice(header + 1);
  check(body.length === table.total, `${book}: ${body.length} rows in LibreOffice, ${table.total} in the report`);
  const first = table.columns[0];
  if (first.kind === 'text' || first.kind === 'stampedId') {
    const want = table.rows.map((row) => String(row[first.key] ?? ''));
    const got = body.map((cells) => cells[0]);
    check(JSON.stringify(got) === JSON.stringify(want), `${book}: first column ${JSON.stringify(got)} <> ${JSON.stringify(want)}`);
  }
}
const eventCsv = readFileSync(path.join(work, 'event.csv'), 'utf8');
check(eventCsv.includes(stampedId) && eventCsv.includes('=1+1'), 'event.xlsx: the items (and the comment =1+1 as text) are missing');
check(readFileSync(path.join(work, 'item.csv'), 'utf8').includes(stampedId), 'item.xlsx: the stamped id is missing');
for (const file of Object.keys(pdfs)) {
  const text = execFileSync('pdftotext', ['-layout', path.join(work, file), '-'], { encoding: 'utf8' });
  check(text.includes(stampedId) && /Page 1\b/.test(text), `${file}: pdftotext gave no stamped id or page number`);
}
for (const [file, sheet] of Object.entries(labelSheets)) {
  const pdf = path.join(work, file);
  const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
  check(
    sheet.ids.every((id) => text.includes(id.replaceAll('-', ' '))),
    `${file}: pdftotext misses a label text of ${sheet.ids.join(', ')}`,
  );
  execFileSync('pdftoppm', ['-r', '200', '-png', pdf, path.join(work, file.replace('.pdf', ''))]);
  const pages = readdirSync(work).filter((name) => name.startsWith(file.replace('.pdf', '-')) && name.endsWith('.png'));
  // zbarimg exits 4 when a page holds no code; its stderr (a D-Bus notice) says nothing about the codes.
  const scanned = execFileSync('zbarimg', ['-q', '--raw', ...pages.map((page) => path.join(work, page))], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .split('\n')
    .filter(Boolean)
    .sort();
  const links = sheet.ids.map((id) => `http://office.check/Equipment/${encodeURIComponent(id)}`).sort();
  check(
    JSON.stringify(scanned) === JSON.stringify(links),
    `${file}: zbarimg read ${JSON.stringify(scanned)}, expected ${JSON.stringify(links)}`,
  );
}
step("CSV files, pdftotext and the label sheets' codes checked");

rmSync(work, { recursive: true, force: true });
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log(
  `office files: ${books.length} workbooks, ${Object.keys(pdfs).length} PDFs and ${Object.keys(labelSheets).length} label sheets as expected`,
);
