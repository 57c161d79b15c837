/**
 * The derived-data files (docs/derived-data.md, decision 067): one SQL file per derived table in this
 * folder, holding the current definition of its upkeep. A file starts with a header of comment lines
 * `-- Name: value` (a value may go on over lines that start with `--   `); the runner reads three:
 *   Derived table   the table the file keeps (none: helpers.sql, notify.sql)
 *   Sources         the tables it reads: a derived one among them is applied and rebuilt first
 *   Empty rows      a condition on rows that may stay when they count nothing (n = 0)
 * Then its functions and triggers, and after a line `-- Rebuild:` one SELECT that gives the table's
 * rows from live rows, by the table's column names.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const derivedFolder = fileURLToPath(new URL('.', import.meta.url));

export interface DerivedFile {
  /** The file's name without `.sql`. */
  name: string;
  /** The whole text, as hashed, recorded and carried by full backups. */
  sql: string;
  hash: string;
  table?: string;
  sources: string[];
  empty?: string;
  /** The functions and triggers: everything before the rebuild. */
  definitions: string;
  rebuild?: string;
}

const REBUILD_MARK = /^-- Rebuild:\s*$/m;

/** The header's fields, keyed by lower-cased name. */
function header(sql: string): Map<string, string> {
  const fields = new Map<string, string>();
  let last: string | undefined;
  for (const line of sql.split('\n')) {
    if (!line.startsWith('--')) break;
    const field = /^-- ([A-Z][a-z]+(?: [a-z]+)*): (.*)$/.exec(line);
    if (field) {
      last = field[1].toLowerCase();
      fields.set(last, field[2].trim());
    } else if (last && /^--\s{3}\S/.test(line)) {
      fields.set(last, `${fields.get(last)} ${line.slice(2).trim()}`);
    } else {
      last = undefined;
    }
  }
  return fields;
}

export function parseDerived(name: string, sql: string): DerivedFile {
  const fields = header(sql);
  const [definitions, rebuild] = sql.split(REBUILD_MARK);
  const table = fields.get('derived table');
  if (table && !rebuild?.trim()) throw new Error(`Derived file ${name} keeps ${table} but has no "-- Rebuild:" statement`);
  return {
    name,
    sql,
    hash: createHash('sha256').update(sql).digest('hex'),
    table,
    sources: (fields.get('sources') ?? '')
      .split(',')
      .map((source) => source.trim())
      .filter(Boolean),
    empty: fields.get('empty rows'),
    definitions,
    rebuild: rebuild?.trim().replace(/;$/, ''),
  };
}

/**
 * The files in the order they are applied and rebuilt: those keeping no table first (the helpers the
 * others call), then each table after the derived tables it reads.
 */
export function orderDerived(files: DerivedFile[]): DerivedFile[] {
  const byTable = new Map(files.filter((file) => file.table).map((file) => [file.table, file]));
  const ordered: DerivedFile[] = [];
  const visiting = new Set<string>();
  const visit = (file: DerivedFile) => {
    if (ordered.includes(file)) return;
    if (visiting.has(file.name)) throw new Error(`Derived files read each other in a circle at ${file.name}`);
    visiting.add(file.name);
    for (const source of file.sources) {
      const before = byTable.get(source);
      if (before) visit(before);
    }
    visiting.delete(file.name);
    ordered.push(file);
  };
  const sorted = [...files].sort((a, b) => a.name.localeCompare(b.name));
  for (const file of sorted) if (!file.table) visit(file);
  for (const file of sorted) visit(file);
  return ordered;
}

/** This code's derived files, in order. */
export function derivedFiles(folder = derivedFolder): DerivedFile[] {
  const names = readdirSync(folder).filter((name) => name.endsWith('.sql'));
  return orderDerived(names.map((name) => parseDerived(name.slice(0, -'.sql'.length), readFileSync(`${folder}/${name}`, 'utf8'))));
}
