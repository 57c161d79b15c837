/** A certificate's equipment rows (GET /Certificates/{id}), apart from the certificate's own reads (queries.ts). */
import type { CertificateEquipment } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bool, defineRead, int, num, readRows, text, textArray } from '../../db/read.ts';
import { chips, equipment } from '../../db/schema.ts';

/**
 * The certificate's equipment rows by stamped id (equipment_certificate_idx), each with its parent's
 * stamped id, its chips (chips_equipment_idx), whether it has children and the latest status.
 * "Has children" and the latest status are per-row probes (LIMIT 1 on equipment_parent_idx, a LATERAL
 * on equipment_latest_status's key): written as EXISTS and a plain join, the planner read the whole
 * parent index and the whole status table for a large certificate. Read by db/read.ts: for 2,000 rows
 * drizzle's mapping was a large part of the server's CPU (docs/performance.md).
 */
export async function selectCertificateEquipment(db: Executor, certificateId: number): Promise<CertificateEquipment[]> {
  const rows = await readRows(db, defineRead('certificates.equipment', certificateEquipmentRead), { certificateId });
  return rows.map((row) => ({
    id: row.id,
    stampedId: row.stampedId,
    parentStampedId: row.parentStampedId,
    length: row.length,
    comment: row.comment,
    hidden: row.hidden,
    chips: row.chips,
    hasChildren: row.hasChildren,
    latestStatus: row.statusName === null ? null : { name: row.statusName, color: row.statusColor ?? folderColorFallback },
  }));
}

function certificateEquipmentRead() {
  return {
    columns: {
      id: int(equipment.id),
      stampedId: text(equipment.stampedId),
      parentStampedId: text.orNull(sql`(select p.stamped_id from equipment p where p.id = ${equipment.parentId})`),
      length: num.orNull(equipment.length),
      comment: text.orNull(equipment.comment),
      hidden: bool(equipment.hidden),
      chips: textArray(
        sql`array(select ${chips.chipId} from ${chips} where ${chips.equipmentId} = ${equipment.id} order by ${chips.chipId})`,
      ),
      hasChildren: bool(sql`coalesce((select true from equipment ch where ch.parent_id = ${equipment.id} limit 1), false)`),
      statusName: text.orNull(sql`status.name`),
      statusColor: text.orNull(sql`status.color`),
    },
    from: sql`from ${equipment}
    left join lateral (select s.color, (select f.name from folders f where f.id = s.status_id) as name
      from equipment_latest_status s where s.equipment_id = ${equipment.id} limit 1) status on true
    where ${equipment.certificateId} = ${sql.placeholder('certificateId')}
    order by ${equipment.stampedId} asc`,
  };
}

/** A status without a stored colour shows as a plain label. */
const folderColorFallback = 'none';
