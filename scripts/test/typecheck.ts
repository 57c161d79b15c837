/**
 * `npm run typecheck`: every project's `tsc -p`, as many at once as the machine has cores (each tsc uses
 * one), the largest first. One after another they took 45-51 s of CI's `npm test` on two cores. Each
 * project's output is printed whole when it ends, so two projects' errors never interleave.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
/** Largest first, so the small ones fill the other core while the web and the server check. */
const PROJECTS = [
  'packages/web',
  'packages/server',
  'e2e',
  'packages/contract',
  'bench',
  'scripts/trust',
  'scripts/office',
  'scripts/test',
];

function check(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'failed'}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const lane = async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
  return ok;
};
const results = await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), PROJECTS.length) }, lane));
process.exitCode = results.every(Boolean) ? 0 : 1;
