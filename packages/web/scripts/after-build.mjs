/**
 * Runs after `vite build`: checks the first route's JavaScript against the budget, then writes a
 * brotli and a gzip copy beside every text asset so the server sends them without compressing on
 * each request (packages/server/src/http/web-client.ts).
 *
 * The first route is what index.html loads before anything shows: the entry chunk and the chunks it
 * imports statically (from Vite's manifest). Its gzipped size must stay within budget.json; lower the
 * budget when the code gets smaller, so that it can only go down.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const budget = JSON.parse(readFileSync(path.join(root, 'budget.json'), 'utf8'));
const manifestPath = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
// The manifest is for this script only; the server does not need to publish it.
rmSync(path.dirname(manifestPath), { recursive: true, force: true });

const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

function firstRouteChunks() {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entry);
  return [...seen].map((key) => manifest[key]);
}

const chunks = firstRouteChunks();
const js = chunks.map((chunk) => ({ file: chunk.file, gzip: gzipped(chunk.file) }));
const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => ({ file, gzip: gzipped(file) }));
const jsTotal = js.reduce((sum, file) => sum + file.gzip, 0);
const cssTotal = css.reduce((sum, file) => sum + file.gzip, 0);

console.log('\nFirst route (what index.html loads), gzipped:');
for (const file of [...js, ...css]) console.log(`  ${file.file.padEnd(48)} ${kb(file.gzip).padStart(7)} KB`);
console.log(`  JavaScript ${kb(jsTotal)} KB (budget ${budget.firstRouteJsGzipKb} KB), CSS ${kb(cssTotal)} KB`);

/**
 * The service worker (features/offline/service-worker.js, decision 078): its SHELL becomes this
 * build's files, every file in dist but the service worker itself and the precompressed copies, and a
 * version made from their contents, so a release that changes any of them installs a new shell.
 */
function writeServiceWorker() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (!/\.(br|gz)$/.test(name) && name !== 'sw.js') files.push(`/${path.relative(dist, file).split(path.sep).join('/')}`);
    }
  };
  walk(dist);
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(path.join(dist, file)));
  const shell = { version: hash.digest('hex').slice(0, 16), files };
  const source = readFileSync(path.join(root, 'src', 'features', 'offline', 'service-worker.js'), 'utf8');
  const marker = "const SHELL = { version: 'dev', files: ['/index.html'] };";
  if (!source.includes(marker)) throw new Error('service-worker.js no longer has the SHELL line that after-build.mjs replaces');
  writeFileSync(path.join(dist, 'sw.js'), source.replace(marker, `const SHELL = ${JSON.stringify(shell)};`));
  console.log(`Service worker: a shell of ${files.length} files (version ${shell.version}).`);
}
writeServiceWorker();

// Precompressed copies of every text asset (the server picks one by Accept-Encoding).
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
let written = 0;
function compressAll(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) compressAll(file);
    else if (COMPRESSIBLE.test(name)) {
      const data = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      written += 1;
    }
  }
}
compressAll(dist);
console.log(`Wrote brotli and gzip copies of ${written} files.`);

if (jsTotal / 1024 > budget.firstRouteJsGzipKb) {
  console.error(
    `\nThe first route's JavaScript is ${kb(jsTotal)} KB gzipped, over the budget of ${budget.firstRouteJsGzipKb} KB (packages/web/budget.json).`,
  );
  console.error('Load the new code lazily (see docs/architecture.md, "Adding a page") or make it smaller.');
  process.exit(1);
}
