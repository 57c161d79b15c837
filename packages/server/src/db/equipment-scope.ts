/**
 * Which equipment items a viewer may see (docs/security.md, docs/equipment-age.md "Who sees an item"):
 * a linked item belongs to its certificate's owner and is seen within the owner scope; an unlinked
 * item has no owner and is seen by internal users only (they link it, /Admin/Unlinked), whatever
 * their owner list. Queries left-join `certificates` on `equipment.certificate_id` and add this.
 */
import { isInternal } from '@portal/contract';
import { and, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { OwnerScope } from '../auth/scope.ts';
import { certificates, equipment } from './schema.ts';
import { inOwnerScope } from './scope.ts';

/** `owned` replaces the owner condition (a prepared read passes its placeholder form, db/prepared.ts). */
export function equipmentVisible(
  viewer: { userType: number },
  scope: OwnerScope,
  owned: SQL | undefined = inOwnerScope(certificates.ownerId, scope),
): SQL | undefined {
  if (isInternal(viewer)) return owned ? or(isNull(equipment.certificateId), owned) : undefined;
  return and(isNotNull(equipment.certificateId), owned);
}
