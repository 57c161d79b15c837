/**
 * Decision 070: a write refreshes what its endpoint declares, in lib/api/mutation.ts, and nowhere
 * else. Biome refuses a bare call (lib/api/callEndpoint.ts outside lib/api); this test refuses a
 * refresh by hand, so a screen cannot list keys of its own (and forget some).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
const api = path.join(src, 'lib', 'api');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === api ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('writes refresh what they declare', () => {
  it('no screen refreshes the cache by hand', () => {
    const files = sources(src);
    expect(files.length).toBeGreaterThan(100);
    const byHand = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/\b(invalidateQueries|refetchQueries|resetQueries|invalidateEndpoints)\b/g)].map(
        (match) => `${path.relative(src, file)}: ${match[1]}`,
      );
    });
    expect(byHand).toEqual([]);
  });
});
