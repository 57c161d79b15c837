import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';

// A built client in miniature: index.html and one hashed asset, each with its precompressed copies.
const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
mkdirSync(path.join(dist, 'assets'));
const files = {
  'index.html': '<!doctype html><div id="root"></div>',
  'assets/index-abc123.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
  'sw.js': `self.addEventListener('fetch', () => {}); // ${'x'.repeat(2000)}`,
  'manifest.webmanifest': JSON.stringify({ name: 'Rigging equipment portal', start_url: '/Events' }),
};
for (const [name, text] of Object.entries(files)) {
  writeFileSync(path.join(dist, name), text);
  writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
  writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
}

const handle = await createTestDatabase();
const app = await buildApp({ db: handle.db, databaseReady: handle.ready, config: readConfig({}), webDist: dist });
await app.ready();
afterAll(async () => {
  await app.close();
  await handle.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web client', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(files['assets/index-abc123.js']);
  });

  it('sends gzip when only gzip is accepted, and the plain file otherwise', async () => {
    const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(files['assets/index-abc123.js']);
  });

  it('answers 404 for a missing asset, never the app page in its place', async () => {
    const response = await app.inject({ url: '/assets/missing.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().message).toBe('No file /assets/missing.js');
    expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('revalidates index.html on every load, at / and at any page address', async () => {
    for (const url of ['/', '/Events', '/Admin/Owners/3']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toContain('text/html');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(files['index.html']);
    }
  });

  it('compresses JSON answers above 1 KB when asked, and leaves small ones alone', async () => {
    const docs = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toBe('3.1.0');
    const small = await app.inject({ url: '/api/Nothing', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    const unasked = await app.inject({ url: '/api/openapi.json' });
    expect(unasked.headers['content-encoding']).toBeUndefined();
  });

  it('serves the service worker and the manifest as script and manifest, revalidated on every load, allowed by the CSP', async () => {
    const worker = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    // A worker kept by the HTTP cache would keep an old shell after a release (decision 078).
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(worker.rawPayload).toString()).toBe(files['sw.js']);
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const page = await app.inject({ url: '/Events/Edit/1/Equipment' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self';");
  });

  it("sends every API answer no-store, so no cache (the service worker's included) keeps one", async () => {
    for (const url of ['/api/health', '/api/Account/CurrentUser', '/api/Nothing']) {
      const response = await app.inject({ url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});
