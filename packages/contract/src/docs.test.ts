/** The decision records' index (docs/decisions/README.md) lists every record, and records name only records that exist. */
import { readdirSync, readFileSync } from 'node:fs';
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
