/**
 * Wall time of the certificate editor's calls on a large certificate, through the whole app (schema
 * parsing, planning, SQL, answer): not a test (timings are never asserted), a measuring script.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a copy of portal_scale> node packages/server/test/measure-certificate-save.ts
 *
 * It writes: a user, a certificate of ROWS new items, its edits, then deletes the certificate (its
 * items stay, unlinked). Run it on a copy of the scale database, never on one others measure.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/auth/sessions.ts';
import { readConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { createUser } from './factories.ts';

const ROWS = Number(process.env.ROWS ?? 2000);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a copy of the scale database');

const handle = openPostgres(url);
const app = await buildApp({
  db: handle.db,
  databaseReady: handle.ready,
  config: { ...readConfig({}), publicUrl: 'http://portal.measure' },
});
await app.ready();
const user = await createUser(handle.db, { level: 'Admin' });
const authorization = `Bearer ${await createSession(handle.db, { userId: user.id, ip: '127.0.0.1' })}`;
const { rows } = await handle.pool.query(
  `select c.owner_id, c.type_id, c.sub_type_id, c.dimension_id, (select id from certificates o where o.id <> c.id limit 1) as other
   from certificates c order by c.id limit 1`,
);
const node = { ownerId: rows[0].owner_id, typeId: rows[0].type_id, subTypeId: rows[0].sub_type_id, dimensionId: rows[0].dimension_id };
const run = randomBytes(3).toString('hex').toUpperCase();
const stampedIds = Array.from({ length: ROWS }, (_, n) => `MS-${run}-${String(n + 1).padStart(4, '0')}`);

async function timed<T>(label: string, call: () => Promise<{ statusCode: number; json(): T }>) {
  const started = performance.now();
  const response = await call();
  const ms = performance.now() - started;
  console.log(`${label.padEnd(58)} ${String(response.statusCode).padEnd(4)} ${ms.toFixed(0).padStart(6)} ms`);
  if (response.statusCode >= 300) throw new Error(JSON.stringify(response.json()).slice(0, 500));
  return response.statusCode === 204 ? (undefined as T) : response.json();
}
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) => () =>
  app.inject({ method, url: `/api${path}`, headers: { authorization }, ...(payload && { payload }) });

for (let round = 1; round <= Number(process.env.ROUNDS ?? 3); round++) {
  console.log(`round ${round}`);
  const ids = stampedIds.map((stampedId) => `${stampedId}-${round}`);
  const fields = { ...node, certificateNumber: `MEASURE-${run}-${round}` };
  const created = `POST /Certificates, ${ROWS} new rows`;
  const { id } = await timed<{ id: number }>(
    created,
    inject('POST', '/Certificates', { ...fields, equipment: ids.map((stampedId) => ({ stampedId, length: 27.5, new: true })) }),
  );
  let detail = await timed<{ version: number }>('GET /Certificates/{id}', inject('GET', `/Certificates/${id}`));
  const save = (label: string, equipment: object[]) =>
    timed<{ version: number }>(label, inject('PUT', `/Certificates/${id}`, { ...fields, version: detail.version, equipment }));
  detail = await save(
    `PUT, ${ROWS} rows unchanged`,
    ids.map((stampedId) => ({ stampedId, length: 27.5 })),
  );
  detail = await save(
    `PUT, ${ROWS} rows changed (length, comment)`,
    ids.map((stampedId) => ({ stampedId, length: 28, comment: 'Re-measured', changed: true })),
  );
  detail = await save(
    `PUT, ${ROWS} rows: half deleted, half moved`,
    ids.map((stampedId, n) => (n % 2 ? { stampedId, deleted: true } : { stampedId, moveToCertificateId: rows[0].other })),
  );
  const again = await timed<{ id: number }>(
    created,
    inject('POST', '/Certificates', { ...fields, equipment: ids.map((stampedId) => ({ stampedId: `${stampedId}-D`, new: true })) }),
  );
  await timed(`DELETE /Certificates/{id}, ${ROWS} rows unlinked`, inject('DELETE', `/Certificates/${again.id}`));
}
await app.close();
await handle.close();
