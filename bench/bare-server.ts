/**
 * The limit the portal is measured against: `node:http` and a `pg` pool of the portal's size, no
 * framework, no sign-in, no validation. `GET /hello` answers a constant (the HTTP floor);
 * `GET /q/{n}` runs the n-th endpoint's recorded statements (bench/capture.ts), prepared by name as
 * the portal's are, and answers their rows as JSON.
 *
 *   node bench/bare-server.ts <port> <statements.json>    (DATABASE_URL in the environment)
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import { statementNamer } from '../packages/server/src/db/client.ts';
import type { Waves } from './capture.ts';

const [port, file] = process.argv.slice(2);
const endpoints = JSON.parse(readFileSync(file, 'utf8')) as Waves[];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});
// Prepared by name like the portal's pool (db/client.ts), so both pay the same planning.
const nameOf = statementNamer();

async function answer(waves: Waves): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const wave of waves) {
    const rows = await Promise.all(
      wave.map((s) =>
        s.rowMode
          ? pool.query({ name: nameOf(s.text), text: s.text, values: s.values, rowMode: 'array' })
          : pool.query({ name: nameOf(s.text), text: s.text, values: s.values }),
      ),
    );
    for (const r of rows) results.push(r.rows);
  }
  return results;
}

createServer((req, res) => {
  if (req.url === '/hello') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}');
    return;
  }
  const waves = endpoints[Number(req.url?.slice(3))];
  if (!req.url?.startsWith('/q/') || !waves) {
    res.writeHead(404).end();
    return;
  }
  answer(waves).then(
    (results) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(results)),
    (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
  );
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
