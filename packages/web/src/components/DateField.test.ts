/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every date field of the web client is the one DateField (docs/ui.md, Dates), so that each takes a
 * date as typed: no other file may use Mantine's date inputs or the browser's own date input.
 */
const src = path.resolve(import.meta.dirname, '..');
const DATE_FIELD = path.join(src, 'components', 'DateField.tsx');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

describe('date fields', () => {
  it('are all the shared DateField: no other file imports @mantine/dates or renders type="date"', () => {
    const offenders = sourceFiles(src)
      .filter((file) => file !== DATE_FIELD)
      .filter((file) => /from\s*['"]@mantine\/dates['"]|type=["']date["']|type:\s*["']date["']/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });

  it('finds an offender (the check reads the files it should)', () => {
    expect(sourceFiles(src)).toContain(DATE_FIELD);
    expect(readFileSync(DATE_FIELD, 'utf8')).toMatch(/from\s*['"]@mantine\/dates['"]/);
  });
});
