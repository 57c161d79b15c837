import { type EquipmentTagPage, type EquipmentTagQuery, type TagFileCheck, type TagImportResult, tagFileMessages } from '@portal/contract';
import type { AuthUser } from '../../auth/users.ts';
import { createdBy, presentAudit, type Viewer } from '../../db/audit.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { UPLOAD_FIELD } from '../../http/uploads.ts';
import { parseTagFile } from './parse.ts';
import { selectTagPage, upsertTags } from './queries.ts';

/** At most this many line messages go into a 400 body; the validate call lists them all. */
const MAX_REPORTED_ERRORS = 200;

/** The tag list is for internal users (its routes say `internal: true`); `viewer` is the signed-in user. */
export async function listEquipmentTags(db: Database, query: EquipmentTagQuery, viewer: Viewer): Promise<EquipmentTagPage> {
  const { rows, total } = await selectTagPage(db, query);
  return {
    items: rows.map((row) => presentAudit(row, viewer)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Validate mode: the spec's answer, errors per line or the content; nothing is written. */
export const checkTagFile = (text: string): TagFileCheck => parseTagFile(text);

/** Import: all lines or none, in one transaction; any line error refuses the whole file (400). */
export async function importTagFile(db: Database, options: { text: string; user: AuthUser }): Promise<TagImportResult> {
  const check = parseTagFile(options.text);
  if ('errors' in check) {
    const lines = check.errors.slice(0, MAX_REPORTED_ERRORS).map((error) => `Line ${error.line}: ${error.message}`);
    throw new AppError(400, tagFileMessages.fileHasErrors(check.errors.length), { [UPLOAD_FIELD]: lines });
  }
  const audit = createdBy(options.user);
  const counts = await db.transaction((tx) => upsertTags(tx, { lines: check.content, audit }));
  return { content: check.content, ...counts };
}
