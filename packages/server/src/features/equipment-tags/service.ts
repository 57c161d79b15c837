import { type EquipmentTagPage, type EquipmentTagQuery, type TagFileCheck, type TagImportResult, tagFileMessages } from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { createdBy, presentAudit, type Viewer } from '../../db/audit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { UPLOAD_FIELD } from '../../http/uploads.ts';
import { parseTagFile } from './parse.ts';
import { selectTagPage, selectUnavailable, upsertTags } from './queries.ts';

/** At most this many line messages go into a 400 body; the validate call lists them all. */
const MAX_REPORTED_ERRORS = 200;

/** The tag list is for internal users (its routes say `internal: true`); `user` is the signed-in user. */
export async function listEquipmentTags(
  db: Database,
  query: EquipmentTagQuery,
  { user: viewer, scope }: { user: Viewer; scope: OwnerScope },
): Promise<EquipmentTagPage> {
  const { rows, total } = await selectTagPage(db, query, scope);
  return {
    items: rows.map((row) => presentAudit(row, viewer)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The file's errors per line or its content. A line of another owner's item is an error of its own,
 * looked up once the file is otherwise good (one query for all its stamped ids).
 */
async function readTagFile(db: Executor, text: string, scope: OwnerScope): Promise<TagFileCheck> {
  const check = parseTagFile(text);
  if ('errors' in check) return check;
  const unavailable = await selectUnavailable(db, [...new Set(check.content.map((line) => line.stampedId))], scope);
  return unavailable.size ? parseTagFile(text, unavailable) : check;
}

/** Validate mode: the spec's answer, errors per line or the content; nothing is written. */
export const checkTagFile = (db: Database, text: string, scope: OwnerScope): Promise<TagFileCheck> => readTagFile(db, text, scope);

/** Import: all lines or none, in one transaction; any line error refuses the whole file (400). */
export async function importTagFile(db: Database, options: { text: string; user: AuthUser; scope: OwnerScope }): Promise<TagImportResult> {
  return db.transaction(async (tx) => {
    const check = await readTagFile(tx, options.text, options.scope);
    if ('errors' in check) {
      const lines = check.errors.slice(0, MAX_REPORTED_ERRORS).map((error) => `Line ${error.line}: ${error.message}`);
      throw new AppError(400, tagFileMessages.fileHasErrors(check.errors.length), { [UPLOAD_FIELD]: lines });
    }
    const counts = await upsertTags(tx, { lines: check.content, audit: createdBy(options.user) });
    return { content: check.content, ...counts };
  });
}
