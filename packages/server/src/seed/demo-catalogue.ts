/**
 * Demo data, part 1: owners, their certificate catalogues and certificates. The equipment is planned
 * as rigs' mooring spreads (legs of components from anchor to fairlead) plus spare stock per owner,
 * then grouped into certificates per catalogue node; demo-equipment.ts writes the items.
 */
import { nominalFromName } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { run } from '../db/read.ts';
import * as s from '../db/schema.ts';
import {
  CODES,
  COMMENTS,
  DEMO_OWNERS,
  DEMO_RIGS,
  dimName,
  GRADE_FACTOR,
  HIDDEN_COMMENTS,
  ISSUERS,
  type Kind,
  MANUFACTURERS,
  OWNER_SUB_TYPES,
  SPARES,
  SUB_TYPES,
  type SubTypeSpec,
  subTypeByName,
} from './demo-catalogue-data.ts';
import { type CertificateFacts, insertCertificateFiles, OWNERS_WITH_CERTIFICATE_FILES } from './demo-certificate-files.ts';
import { insertEquipment } from './demo-equipment.ts';
import { addDays, chunked, daysBefore, isoDate, notAfter, type Rng } from './demo-random.ts';

export interface DemoItem {
  id: number;
  stampedId: string;
  kind: Kind;
  ownerId: number;
  createdAt: Date;
  hidden: boolean;
}

export interface DemoCatalogue {
  /** Rig name -> legs -> items from anchor to fairlead. */
  spreads: Map<string, DemoItem[][]>;
  spares: Map<number, DemoItem[]>;
  /** Unlinked items an inspector added during an event, by rig name. */
  unlinked: Map<string, DemoItem[]>;
  items: DemoItem[];
}

export interface ItemSpec {
  ownerId: number;
  sub: SubTypeSpec;
  dim: number;
  length: number | null;
  description: string;
  parent?: ItemSpec;
  certKey?: string;
  stampedId?: string;
  hidden: boolean;
  comment: string | null;
  /** A later change (comment, inactive or removed from its certificate), days after creation. */
  changeAfterDays?: number;
  removedFromCertificate?: boolean;
  createdAt?: Date;
  createdBy?: string;
  certificateId?: number | null;
  id?: number;
  ref?: DemoItem;
}

export async function loadCatalogue(tx: Tx, rng: Rng, now: Date): Promise<DemoCatalogue> {
  const created = daysBefore(now, 12 * 365 + 60);
  const audit = (at: Date, by = 'admin@demo.example') => ({ createdAt: at, createdBy: by, updatedAt: at, updatedBy: by });

  // ---- owners (explicit ids 1 and 83 are the spec's report owners)
  await tx.insert(s.owners).values(DEMO_OWNERS.map((o) => ({ ...o, ...audit(created, 'sysadmin@demo.example') })));
  await run(tx, sql`select setval(pg_get_serial_sequence('owners', 'id'), (select max(id) from owners))`);

  // ---- catalogue: type -> sub-type -> dimension per owner
  const ownerSubs = (ownerId: number) =>
    OWNER_SUB_TYPES[ownerId] ? SUB_TYPES.filter((t) => OWNER_SUB_TYPES[ownerId].includes(t.subType)) : SUB_TYPES;
  const typeRows = DEMO_OWNERS.flatMap((o) =>
    [...new Set(ownerSubs(o.id).map((t) => t.type))].map((name) => ({ ownerId: o.id, name, ...audit(created) })),
  );
  const types = await tx.insert(s.certificateTypes).values(typeRows).returning();
  const typeId = new Map(types.map((t) => [`${t.ownerId}|${t.name}`, t.id]));
  const subRows = DEMO_OWNERS.flatMap((o) =>
    ownerSubs(o.id).map((t) => ({ certificateTypeId: typeId.get(`${o.id}|${t.type}`)!, name: t.subType, ...audit(created) })),
  );
  const subs = await tx.insert(s.certificateSubTypes).values(subRows).returning();
  const subOwner = new Map(types.map((t) => [t.id, t.ownerId]));
  const subId = new Map(subs.map((st) => [`${subOwner.get(st.certificateTypeId)}|${st.name}`, st.id]));
  const dimRows = DEMO_OWNERS.flatMap((o) =>
    ownerSubs(o.id).flatMap((t) =>
      t.dims.map((d) => ({
        subTypeId: subId.get(`${o.id}|${t.subType}`)!,
        name: dimName(t, d),
        // '84 mm', '12 t': the size as the upgrade and a new dimension read it from the name.
        ...nominalFromName(dimName(t, d)),
        ...audit(created),
      })),
    ),
  );
  const dims = await tx.insert(s.dimensions).values(dimRows).returning();
  const dimId = new Map(dims.map((d) => [`${d.subTypeId}|${d.name}`, d.id]));

  // ---- equipment specs: spreads, then spares
  const specs: ItemSpec[] = [];
  const spreadSpecs = new Map<string, ItemSpec[][]>();
  const lengthIn = (range?: [number, number]) => (range ? Math.round((range[0] + rng.next() * (range[1] - range[0])) * 2) / 2 : null);
  for (const rig of DEMO_RIGS) {
    const legs: ItemSpec[][] = [];
    for (let leg = 1; leg <= rig.legs; leg++) {
      const legSpecs: ItemSpec[] = [];
      for (const c of rig.template) {
        const sub = subTypeByName.get(c.sub)!;
        const spec: ItemSpec = {
          ownerId: rig.ownerId,
          sub,
          dim: c.dim,
          length: lengthIn(c.len),
          description: `${rig.name} leg ${leg}: ${c.role}, ${dimName(sub, c.dim)}`,
          hidden: false,
          comment: null,
        };
        const previous = legSpecs[legSpecs.length - 1];
        // A connector is part of the chain segment it hangs on.
        if ((sub.kind === 'kenter' || sub.kind === 'shackle') && previous?.sub.kind === 'chain') spec.parent = previous;
        legSpecs.push(spec);
        specs.push(spec);
      }
      legs.push(legSpecs);
    }
    spreadSpecs.set(rig.name, legs);
  }
  const spareSpecs = new Map<number, ItemSpec[]>();
  for (const o of DEMO_OWNERS) {
    const list: ItemSpec[] = [];
    for (const [subName, dim, count, range] of SPARES[o.id] ?? []) {
      const sub = subTypeByName.get(subName)!;
      for (let i = 0; i < count; i++) {
        list.push({
          ownerId: o.id,
          sub,
          dim,
          length: lengthIn(range),
          description: `Spare ${subName.toLowerCase()}, ${dimName(sub, dim)}`,
          hidden: false,
          comment: null,
        });
      }
    }
    spareSpecs.set(o.id, list);
    specs.push(...list);
  }
  // Some items later became inactive or got a comment.
  for (const spec of specs) {
    if (rng.chance(0.06)) {
      spec.hidden = true;
      spec.comment = rng.pick(HIDDEN_COMMENTS);
      spec.changeAfterDays = rng.int(200, 1500);
    } else if (rng.chance(0.08)) {
      spec.comment = rng.pick(COMMENTS);
      if (rng.chance(0.5)) spec.changeAfterDays = rng.int(30, 900);
    }
  }

  // ---- certificates: per catalogue node, chunks of 2..8 items
  const spareSet = new Set([...spareSpecs.values()].flat());
  const byNode = new Map<string, ItemSpec[]>();
  for (const spec of specs) {
    const key = `${spec.ownerId}|${spec.sub.subType}|${spec.dim}|${spareSet.has(spec) ? 'spare' : 'spread'}`;
    if (!byNode.has(key)) byNode.set(key, []);
    byNode.get(key)!.push(spec);
  }
  const certRows: (typeof s.certificates.$inferInsert)[] = [];
  // The scanned certificates of owners 1 and 83: four in five have one (demo-certificate-files.ts).
  const scanned: CertificateFacts[] = [];
  const certNumbers = new Set<string>();
  const counters = new Map<string, number>();
  const nextStampedId = (ownerId: number, sub: SubTypeSpec, dim: number) => {
    const code = DEMO_OWNERS.find((o) => o.id === ownerId)!.shortCode;
    const base = `${code}-${sub.prefix}-${sub.kind === 'anchor' ? `${dim}T` : String(dim).padStart(3, '0')}`;
    const n = (counters.get(base) ?? rng.int(1, 40) * 10) + 1;
    counters.set(base, n);
    return `${base}-${String(n).padStart(4, '0')}`;
  };
  for (const [key, list] of byNode) {
    const [ownerId] = key.split('|').map(Number);
    const { sub, dim } = list[0];
    for (let i = 0; i < list.length; ) {
      const size = rng.int(2, 8);
      const group = list.slice(i, i + size);
      i += size;
      // Spreads were installed 4.5 to 12 years ago; spares arrive at any time.
      const ageDays = key.endsWith('|spare') ? rng.int(20, 12 * 365) : rng.int(1650, 12 * 365);
      const signed = daysBefore(now, ageDays);
      const manufacturer = rng.pick(MANUFACTURERS[sub.kind]);
      let certificateNumber: string;
      do {
        const initials = manufacturer
          .split(/[\s-]+/)
          .map((w) => w[0])
          .join('')
          .toUpperCase()
          .slice(0, 3);
        certificateNumber = `${initials}-${signed.getUTCFullYear()}-${String(rng.int(100, 99999)).padStart(5, '0')}`;
      } while (certNumbers.has(certificateNumber));
      certNumbers.add(certificateNumber);
      const createdAt = notAfter(addDays(signed, rng.int(2, 30)), now);
      const createdBy = rng.pick(['certificates@demo.example', 'certificates@demo.example', 'admin@demo.example']);
      const factor = GRADE_FACTOR[sub.grade];
      const mbl = factor ? Math.round(factor * dim * dim * (44 - 0.08 * dim)) : null;
      const otherInformation =
        sub.kind === 'chain'
          ? `MBL ${mbl!.toLocaleString('en-US')} kN; approx. ${Math.round(0.0199 * dim * dim)} kg/m`
          : sub.kind === 'kenter' && mbl
            ? `MBL ${mbl.toLocaleString('en-US')} kN; MPI on delivery`
            : sub.kind === 'fibre'
              ? 'Sub-rope test per DNV-OS-E303; marked at both ends'
              : null;
      const subTypeId = subId.get(`${ownerId}|${sub.subType}`)!;
      certRows.push({
        ownerId,
        typeId: typeId.get(`${ownerId}|${sub.type}`)!,
        subTypeId,
        dimensionId: dimId.get(`${subTypeId}|${dimName(sub, dim)}`)!,
        certificateNumber,
        manufacturer,
        quality: sub.grade,
        certifiedToCode: rng.pick(CODES[sub.kind]),
        dateSigned: isoDate(signed),
        certificateIssuedBy: rng.pick(ISSUERS),
        otherInformation,
        color: rng.weighted(['none', 'info', 'warning', 'success'], [85, 6, 5, 4]),
        ...audit(createdAt, createdBy),
      });
      for (const g of group) {
        g.certKey = certificateNumber;
        g.createdAt = createdAt;
        g.createdBy = createdBy;
        g.stampedId = nextStampedId(ownerId, sub, dim);
      }
      const certificate = certRows[certRows.length - 1];
      if (OWNERS_WITH_CERTIFICATE_FILES.includes(ownerId) && certRows.length % 5 !== 0) {
        scanned.push({
          certificateNumber,
          owner: DEMO_OWNERS.find((o) => o.id === ownerId)!.name,
          type: sub.type,
          subType: sub.subType,
          dimension: dimName(sub, dim),
          manufacturer,
          quality: sub.grade,
          certifiedToCode: certificate.certifiedToCode ?? null,
          dateSigned: isoDate(signed),
          issuedBy: certificate.certificateIssuedBy ?? null,
          otherInformation,
          items: group.map((g) => ({ stampedId: g.stampedId!, description: g.description, length: g.length })),
        });
      }
    }
  }
  const certificateAudit = new Map(certRows.map((c) => [c.certificateNumber, { createdAt: c.createdAt!, createdBy: c.createdBy! }]));
  const fileIds = await insertCertificateFiles(tx, scanned, (number) => certificateAudit.get(number)!);
  for (const row of certRows) row.fileId = fileIds.get(row.certificateNumber) ?? null;
  const certIds = new Map<string, number>();
  for (const batch of chunked(certRows)) {
    for (const c of await tx
      .insert(s.certificates)
      .values(batch)
      .returning({ id: s.certificates.id, no: s.certificates.certificateNumber })) {
      certIds.set(c.no, c.id);
    }
  }
  for (const spec of specs) spec.certificateId = certIds.get(spec.certKey!)!;

  return insertEquipment(tx, rng, now, { specs, spreadSpecs, spareSpecs, lengthIn, nextStampedId });
}
