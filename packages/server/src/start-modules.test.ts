/**
 * The server's start loads no package it needs only for rare work (docs/performance.md "Memory"):
 * PDFs are drawn and signed in the PDF worker, certificates opened or made on demand, mail sent
 * through nodemailer only with SMTP, the API reference loaded with its first request.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// What main.ts imports before it runs: its static imports (importing main.ts itself would start the server).
const startImports = [...readFileSync(new URL('./main.ts', import.meta.url), 'utf8').matchAll(/^import [^;]*? from '([^']+)';$/gms)]
  .map((match) => match[1])
  .filter((specifier) => !specifier.startsWith('node:'));

const LOADED_AT_START = `
import { registerHooks } from 'node:module';
const packages = new Set();
registerHooks({ load(url, context, next) { const m = url.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)/); if (m) packages.add(m[1]); return next(url, context); } });
for (const specifier of ${JSON.stringify(startImports)}) await import(specifier.startsWith('.') ? './src/' + specifier.slice(2) : specifier);
console.log(JSON.stringify([...packages]));
`;

describe('the modules the server loads at start', () => {
  it('leave out PDF drawing and signing, certificates, mail and the API reference', () => {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', LOADED_AT_START], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
    });
    const packages: string[] = JSON.parse(output.trim().split('\n').at(-1) as string);
    expect(packages).toContain('fastify'); // it did load the server
    for (const rare of ['pdfkit', 'fontkit', '@signpdf/signpdf', 'node-forge', 'nodemailer', '@scalar/fastify-api-reference']) {
      expect(packages, rare).not.toContain(rare);
    }
  }, 60_000);
});
