/**
 * Reading certificates. The caller's owner scope limits every read: a certificate of another owner
 * answers 404, exactly like one that does not exist (docs/security.md, rule 4).
 */
import type { CertificateDetail, CertificateListQuery, CertificatePage } from '@portal/contract';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { screenAudit } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { fileUrl } from '../../http/downloads.ts';
import { notFound } from '../../http/errors.ts';
import { selectCertificateEquipment } from './equipment-queries.ts';
import * as q from './queries.ts';

interface Caller {
  user: AuthUser;
  scope: OwnerScope;
}

/** Certificate files are downloaded through the files feature's route (GET /Files/{id}). */

export async function listCertificates(
  db: Executor,
  { scope, query }: Pick<Caller, 'scope'> & { query: CertificateListQuery },
): Promise<CertificatePage> {
  const { rows, total } = await q.selectCertificatePage(db, query, scope);
  return { items: rows, total, page: query.page, pageSize: query.pageSize };
}

export async function getCertificate(db: Executor, { user, scope, id }: Caller & { id: number }): Promise<CertificateDetail> {
  const row = await q.selectCertificate(db, { id, scope });
  if (!row) throw notFound('The certificate');
  const { fileId, fileName, ...certificate } = row;
  const equipment = await selectCertificateEquipment(db, id);
  return screenAudit(
    {
      ...certificate,
      certificateFile: fileId !== null && fileName !== null ? { id: fileId, fileName, url: fileUrl(fileId) } : null,
      equipment,
    },
    user,
  );
}
