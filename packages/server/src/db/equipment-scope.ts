/**
 * Which equipment items a viewer may see (docs/security.md, docs/equipment-age.md "Who sees an item"):
 * a linked item belongs to its certificate's owner and is seen within the owner scope; an unlinked
 * item has no owner and is seen by internal users only (they link it, /Admin/Unlinked), whatever
 * their owner list. Queries left-join `certificates` on `equipment.certificate_id` and add this.
 */
import { isInternal } from '@portal/contract';
import { and, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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

/**
 * An event item the caller may read and change (docs/security.md rule 17): its equipment is unlinked
 * (no owner) or on a certificate of an owner in scope. SQL over the equipment's certificate id and
 * that certificate's owner id (by default the aliases `q` and `c` of certificateNamesOfQ); `owned`
 * replaces the owner condition as in equipmentVisible.
 */
export function itemInScope(
  scope: OwnerScope,
  certificateId: PgColumn | SQL = sql`q.certificate_id`,
  ownerId: PgColumn | SQL = sql`c.owner_id`,
  owned: SQL | undefined = inOwnerScope(ownerId, scope),
): SQL {
  return owned ? sql`(${certificateId} is null or ${owned})` : sql`true`;
}

/**
 * Whether event item `item` (alias `ei` unless named) was recorded for another owner (docs/security.md rule 28): when it was added
 * to its event, its equipment was on a certificate outside the caller's owners (a former owner's, or one
 * since deleted). The certificate is the equipment's history row in force then: the latest at or
 * before the item's `created_at`, or the first row when all are later. `owned` is the owner condition
 * on `hc.owner_id` (inOwnerScope, or a prepared read's placeholder); undefined (all owners) is never.
 */
export function recordedForAnotherOwner(owned: SQL | undefined, item: SQL = sql`ei`): SQL {
  if (!owned) return sql`false`;
  return sql`coalesce((select h.certificate_id is not null
        and not exists (select 1 from certificates hc where hc.id = h.certificate_id and ${owned})
      from equipment_history h where h.equipment_id = ${item}.equipment_id
      order by h.changed_at <= ${item}.created_at desc, case when h.changed_at <= ${item}.created_at then h.changed_at end desc,
        h.changed_at, h.id desc
      limit 1), false)`;
}
