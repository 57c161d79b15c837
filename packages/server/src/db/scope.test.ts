import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { certificates } from './schema.ts';
import { coversEveryOwner, coversOwner, inOwnerScope, ownerScoped, preparedScope } from './scope.ts';

const src = path.resolve(import.meta.dirname, '..');
const render = (sql: Parameters<PgDialect['sqlToQuery']>[0]) => new PgDialect().sqlToQuery(sql);

describe('owner scope primitives', () => {
  it('cover every owner, a listed owner, and never an unowned row of a restricted user', () => {
    expect(coversEveryOwner('all')).toBe(true);
    expect(coversEveryOwner([1, 83])).toBe(false);
    expect(coversOwner('all', 5)).toBe(true);
    expect(coversOwner([1, 83], 83)).toBe(true);
    expect(coversOwner([1, 83], 5)).toBe(false);
    expect(coversOwner([1], null)).toBe(false);
  });

  it('filter nothing for all owners, everything for an empty list, and the listed owners otherwise', () => {
    expect(inOwnerScope(certificates.ownerId, 'all')).toBeUndefined();
    expect(render(ownerScoped(certificates.ownerId, [])).sql).toBe('false');
    expect(render(ownerScoped(certificates.ownerId, 'all')).sql).toBe('true');
    const listed = render(ownerScoped(certificates.ownerId, [1, 83]));
    expect(listed.sql).toBe('"certificates"."owner_id" in ($1, $2)');
    expect(listed.params).toEqual([1, 83]);
  });

  it('give a read built once one variant per kind of scope and the owners as its value', () => {
    expect(preparedScope(certificates.ownerId, 'all')).toEqual({ key: 'all', where: undefined, owners: [] });
    const listed = preparedScope(certificates.ownerId, [83]);
    expect(listed.key).toBe('owners');
    expect(listed.owners).toEqual([83]);
  });
});

/** Every .ts file under src/ but tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('owner scope is written once (issue 22 part 4)', () => {
  it("tests for 'all' owners nowhere but db/scope.ts: the rest of src/ uses its primitives", () => {
    const allowed = new Set([path.join(src, 'db/scope.ts')]);
    const offenders = sources(src).flatMap((file) => {
      if (allowed.has(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /[=!]==?\s*'all'|'all'\s*[=!]==?/.test(line) ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`] : [],
        );
    });
    expect(offenders).toEqual([]);
  });
});
