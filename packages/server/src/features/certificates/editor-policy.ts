/**
 * Who may do what in the certificate editor (spec section 6): the routes require Certificates level
 * for internal staff; taking equipment off a certificate (deleting or moving rows) needs Admin.
 */
import { type CertificateRow, certificateEditorMessages, type GuardedAccess } from '@portal/contract';
import { requireAccess } from '../../auth/policy.ts';
import type { AuthUser } from '../../auth/users.ts';

export const removeCertificateRows = { level: 'Admin', internal: true } as const satisfies GuardedAccess;

/** 403 with the Admin message when a save deletes or moves a row and the user is below Admin. */
export function checkRowRemoval(user: Pick<AuthUser, 'userLevel' | 'userType' | 'allOwners'>, rows: CertificateRow[]) {
  if (rows.some((row) => row.deleted || row.moveToCertificateId !== null)) {
    requireAccess(user, removeCertificateRows, certificateEditorMessages.deleteOrMoveNeedsAdmin);
  }
}
