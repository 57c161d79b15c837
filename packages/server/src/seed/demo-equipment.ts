/**
 * Demo data, part 2: the equipment items planned by demo-catalogue.ts, a few unlinked ones, their
 * history rows (initial state, then any later change), chips on about 30 % of them and a few tags.
 */
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import type { DemoCatalogue, ItemSpec } from './demo-catalogue.ts';
import { DEMO_RIGS, dimName, type SubTypeSpec, subTypeByName } from './demo-catalogue-data.ts';
import { addDays, chunked, daysBefore, notAfter, type Rng } from './demo-random.ts';

export interface PlannedItems {
  specs: ItemSpec[];
  spreadSpecs: Map<string, ItemSpec[][]>;
  spareSpecs: Map<number, ItemSpec[]>;
  lengthIn: (range?: [number, number]) => number | null;
  nextStampedId: (ownerId: number, sub: SubTypeSpec, dim: number) => string;
}

export async function insertEquipment(tx: Tx, rng: Rng, now: Date, planned: PlannedItems): Promise<DemoCatalogue> {
  const { specs, spreadSpecs, spareSpecs, lengthIn, nextStampedId } = planned;
  const audit = (at: Date, by: string) => ({ createdAt: at, createdBy: by, updatedAt: at, updatedBy: by });

  // Two items were later deleted from their certificate; they are unlinked now.
  for (const spec of rng.shuffle([...spareSpecs.values()].flat()).slice(0, 2)) {
    spec.removedFromCertificate = true;
    spec.hidden = false;
    spec.comment = 'Removed from certificate: wrong heat number, correct certificate requested';
    spec.changeAfterDays = rng.int(30, 300);
  }
  // Unlinked items added by inspectors during events: unknown stamped ids on the rigs.
  const unlinkedSpecs = new Map<string, ItemSpec[]>();
  for (const rig of rng.shuffle([...DEMO_RIGS]).slice(0, 4)) {
    const list: ItemSpec[] = [];
    for (let i = 0; i < rng.int(2, 4); i++) {
      const sub = subTypeByName.get(rng.pick(['Kenter R4', 'D-shackle', 'Studless R4']))!;
      const dim = sub.dims[rng.int(0, sub.dims.length - 1)];
      const at = daysBefore(now, rng.int(20, 1200));
      list.push({
        ownerId: rig.ownerId,
        sub,
        dim,
        length: sub.kind === 'chain' ? lengthIn([120, 300]) : null,
        description: `Found on ${rig.name}, ${dimName(sub, dim)}`,
        hidden: false,
        comment: rng.chance(0.5) ? 'Added during inspection, certificate to be found' : null,
        stampedId: nextStampedId(rig.ownerId, sub, dim),
        certificateId: null,
        createdAt: at,
        createdBy: 'events@demo.example',
      });
    }
    unlinkedSpecs.set(rig.name, list);
    specs.push(...list);
  }

  // ---- equipment: items without a parent first, then the connectors that hang on them
  const finalCertificate = (spec: ItemSpec) => (spec.removedFromCertificate ? null : (spec.certificateId ?? null));
  const changedAt = (spec: ItemSpec) => notAfter(addDays(spec.createdAt!, spec.changeAfterDays ?? 0), now);
  const toRow = (spec: ItemSpec): typeof s.equipment.$inferInsert => ({
    stampedId: spec.stampedId!,
    certificateId: finalCertificate(spec),
    parentId: spec.parent?.id ?? null,
    description: spec.description,
    length: spec.length,
    comment: spec.comment,
    hidden: spec.hidden,
    version: spec.changeAfterDays ? 2 : 1,
    createdAt: spec.createdAt!,
    createdBy: spec.createdBy!,
    updatedAt: changedAt(spec),
    updatedBy: spec.changeAfterDays ? rng.pick(['certificates@demo.example', 'admin@demo.example']) : spec.createdBy!,
  });
  const byStamped = new Map(specs.map((spec) => [spec.stampedId!, spec]));
  for (const pass of [specs.filter((x) => !x.parent), specs.filter((x) => x.parent)]) {
    for (const batch of chunked(pass)) {
      const rows = await tx
        .insert(s.equipment)
        .values(batch.map(toRow))
        .returning({ id: s.equipment.id, stampedId: s.equipment.stampedId });
      for (const r of rows) byStamped.get(r.stampedId)!.id = r.id;
    }
  }
  for (const spec of specs) {
    spec.ref = {
      id: spec.id!,
      stampedId: spec.stampedId!,
      kind: spec.sub.kind,
      ownerId: spec.ownerId,
      createdAt: spec.createdAt!,
      hidden: spec.hidden,
    };
  }

  // ---- history: the initial state of every item, and a second row for those changed since
  const history: (typeof s.equipmentHistory.$inferInsert)[] = [];
  for (const spec of specs) {
    const initialComment = spec.changeAfterDays ? null : spec.comment;
    history.push({
      equipmentId: spec.id!,
      stampedId: spec.stampedId!,
      certificateId: spec.certificateId ?? null,
      length: spec.length,
      hidden: false,
      comment: initialComment,
      changedAt: spec.createdAt!,
      changedBy: spec.createdBy!,
    });
    if (spec.changeAfterDays) {
      history.push({
        equipmentId: spec.id!,
        stampedId: spec.stampedId!,
        certificateId: finalCertificate(spec),
        length: spec.length,
        hidden: spec.hidden,
        comment: spec.comment,
        changedAt: changedAt(spec),
        changedBy: 'certificates@demo.example',
      });
    }
  }
  for (const batch of chunked(history)) await tx.insert(s.equipmentHistory).values(batch);

  // ---- chips on about 30 % of the items, tags on a handful
  const chipIds = new Set<string>();
  const chipRows: (typeof s.chips.$inferInsert)[] = [];
  for (const spec of specs) {
    if (!rng.chance(0.3)) continue;
    let chipId: string;
    do chipId = `E28011${rng.hex(10)}`;
    while (chipIds.has(chipId));
    chipIds.add(chipId);
    chipRows.push({
      chipId,
      equipmentId: spec.id!,
      dateRegistered: notAfter(addDays(spec.createdAt!, rng.int(1, 200)), now),
      createdBy: rng.pick(['events@demo.example', 'certificates@demo.example']),
    });
  }
  for (const batch of chunked(chipRows)) await tx.insert(s.chips).values(batch);

  const pickStamped = (ownerId: number) => rng.pick(specs.filter((x) => x.ownerId === ownerId && x.certificateId)).stampedId!;
  const tagRows = [
    { stampedId: pickStamped(83), tag: 'Quarantine', color: 'danger' },
    { stampedId: pickStamped(83), tag: 'Leg 3 spare', color: 'primary' },
    { stampedId: pickStamped(83), tag: 'Re-certify 2027', color: 'warning' },
    { stampedId: pickStamped(1), tag: 'Quarantine', color: 'danger' },
    { stampedId: pickStamped(1), tag: 'Yard stock', color: 'info' },
    { stampedId: pickStamped(1), tag: 'Re-certify 2027', color: 'warning' },
    { stampedId: pickStamped(12), tag: 'Yard stock', color: 'info' },
    { stampedId: 'AMP-KL-084-0999', tag: 'Expected delivery', color: 'default' },
  ];
  const tagAt = daysBefore(now, 90);
  await tx.insert(s.equipmentTags).values(tagRows.map((t) => ({ ...t, ...audit(tagAt, 'certificates@demo.example') })));

  const refs = (list: ItemSpec[]) => list.map((x) => x.ref!);
  return {
    spreads: new Map([...spreadSpecs].map(([rig, legs]) => [rig, legs.map(refs)])),
    spares: new Map([...spareSpecs].map(([owner, list]) => [owner, refs(list)])),
    unlinked: new Map([...unlinkedSpecs].map(([rig, list]) => [rig, refs(list)])),
    items: refs(specs),
  };
}
