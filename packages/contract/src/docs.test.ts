/** The decision records' index (docs/decisions/README.md) lists every record, and records name only records that exist. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = new URL('../../../docs/decisions/', import.meta.url);
const records = readdirSync(folder).filter((name) => /^\d{3}-.*\.md$/.test(name));
const index = readFileSync(new URL('README.md', folder), 'utf8');

describe('decision records', () => {
  it('are all in the index, by number and title', () => {
    const missing = records.filter((name) => {
      const title = readFileSync(new URL(name, folder), 'utf8').split('\n')[0].replace(/^# /, '');
      return !index.includes(`[${name.slice(0, 3)}](${name}) | ${title.replaceAll('|', '\\|')} |`);
    });
    expect(missing).toEqual([]);
  });

  it('say which record supersedes them by a number that exists', () => {
    const numbers = new Set(records.map((name) => name.slice(0, 3)));
    const dangling = records.flatMap((name) =>
      [...readFileSync(new URL(name, folder), 'utf8').matchAll(/[Ss]uperseded(?: in part)? by (?:decision )?(\d{3})/g)]
        .map((match) => match[1])
        .filter((number) => !numbers.has(number))
        .map((number) => `${name} -> ${number}`),
    );
    expect(dangling).toEqual([]);
  });
});

/** Files under these folders, of these kinds, recursively (node_modules and build output left out). */
function filesUnder(dir: string, kinds: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file, kinds) : kinds.test(entry.name) ? [file] : [];
  });
}

describe('documents named in the code and the docs', () => {
  it('exist (a renamed or merged doc leaves no reference to its old name)', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const sources = ['packages', 'docs', 'e2e', 'scripts', 'bench'].flatMap((dir) =>
      existsSync(path.join(root, dir)) ? filesUnder(path.join(root, dir), /\.(ts|tsx|sql|md)$/) : [],
    );
    const dangling = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w/-]+\.md\b/g)]
        .map((match) => match[0])
        .filter((doc) => !existsSync(path.join(root, doc)))
        .map((doc) => `${path.relative(root, file)} -> ${doc}`),
    );
    expect(dangling).toEqual([]);
  });
});
