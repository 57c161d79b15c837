/**
 * Demo data, part 1: owners, their certificate catalogues, certificates and equipment.
 * The equipment is built as rigs' mooring spreads (legs of components from anchor to fairlead)
 * plus spare stock per owner, then grouped into certificates per catalogue node.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { addDays, chunked, daysBefore, isoDate, notAfter, type Rng } from './demo-random.ts';

export const DEMO_OWNERS = [
  { id: 1, name: 'Nordsund Drilling AS', shortCode: 'NSD', label: 'primary' },
  { id: 83, name: 'Aster Mooring Partners', shortCode: 'AMP', label: 'success' },
  { id: 2, name: 'Brønnvik Offshore Services', shortCode: 'BOS', label: 'info' },
  { id: 12, name: 'Kvitsand Marine Contractors', shortCode: 'KMC', label: 'warning' },
  { id: 27, name: 'Westhaven Rig Leasing', shortCode: 'WRL', label: 'none' },
] as const;

export type Kind = 'chain' | 'kenter' | 'shackle' | 'wire' | 'fibre' | 'anchor';

interface SubTypeSpec {
  type: string;
  subType: string;
  kind: Kind;
  grade: string;
  prefix: string;
  dims: number[];
}

const SUB_TYPES: SubTypeSpec[] = [
  { type: 'Chain', subType: 'Studless R4', kind: 'chain', grade: 'R4', prefix: 'R4', dims: [76, 84, 95, 102, 114, 127, 147] },
  { type: 'Chain', subType: 'Studless R4S', kind: 'chain', grade: 'R4S', prefix: 'R4S', dims: [114, 127, 147] },
  { type: 'Chain', subType: 'Studless R5', kind: 'chain', grade: 'R5', prefix: 'R5', dims: [147, 178] },
  { type: 'Chain', subType: 'Studlink R3S', kind: 'chain', grade: 'R3S', prefix: 'R3S', dims: [76, 84, 95] },
  { type: 'Chain', subType: 'Studlink R3', kind: 'chain', grade: 'R3', prefix: 'R3', dims: [76, 84] },
  { type: 'Wire rope', subType: 'Six-strand IWRC', kind: 'wire', grade: '1960', prefix: 'WR', dims: [64, 76, 84] },
  { type: 'Wire rope', subType: 'Spiral strand', kind: 'wire', grade: '1570', prefix: 'SS', dims: [96, 110, 128] },
  { type: 'Fibre rope', subType: 'Polyester', kind: 'fibre', grade: 'Polyester', prefix: 'PE', dims: [160, 190, 220] },
  { type: 'Shackles', subType: 'D-shackle', kind: 'shackle', grade: 'R4', prefix: 'DS', dims: [84, 102, 114, 127] },
  { type: 'Shackles', subType: 'Anchor shackle', kind: 'shackle', grade: 'R4', prefix: 'AS', dims: [95, 114, 127] },
  { type: 'Kenter links', subType: 'Kenter R4', kind: 'kenter', grade: 'R4', prefix: 'KL', dims: [76, 84, 95, 114, 127] },
  { type: 'Kenter links', subType: 'Kenter R3S', kind: 'kenter', grade: 'R3S', prefix: 'KS', dims: [76, 84] },
  { type: 'Anchors', subType: 'Drag embedment anchor', kind: 'anchor', grade: 'Cast steel', prefix: 'AN', dims: [12, 15, 18, 22] },
];

/** Sub-types in each owner's catalogue; owners 1 and 83 have all of them. */
const OWNER_SUB_TYPES: Record<number, string[]> = {
  2: ['Studless R4', 'Studlink R3S', 'D-shackle', 'Six-strand IWRC', 'Kenter R4'],
  12: ['Studlink R3S', 'Studlink R3', 'Kenter R3S', 'Anchor shackle', 'D-shackle', 'Drag embedment anchor'],
  27: ['Studlink R3', 'Studlink R3S', 'Kenter R3S', 'Anchor shackle', 'Six-strand IWRC', 'Drag embedment anchor'],
};

interface Component {
  role: string;
  sub: string;
  dim: number;
  len?: [number, number];
}

const FIBRE_LEG: Component[] = [
  { role: 'anchor', sub: 'Drag embedment anchor', dim: 18 },
  { role: 'anchor shackle', sub: 'Anchor shackle', dim: 114 },
  { role: 'ground chain, lower', sub: 'Studless R4', dim: 114, len: [450, 800] },
  { role: 'Kenter link', sub: 'Kenter R4', dim: 114 },
  { role: 'ground chain, upper', sub: 'Studless R4', dim: 114, len: [350, 700] },
  { role: 'rope shackle', sub: 'D-shackle', dim: 114 },
  { role: 'polyester rope', sub: 'Polyester', dim: 190, len: [800, 1500] },
  { role: 'top chain', sub: 'Studless R4', dim: 84, len: [250, 450] },
];
const WIRE_LEG: Component[] = [
  { role: 'anchor', sub: 'Drag embedment anchor', dim: 15 },
  { role: 'anchor shackle', sub: 'Anchor shackle', dim: 127 },
  { role: 'ground chain', sub: 'Studless R4S', dim: 127, len: [900, 1100] },
  { role: 'Kenter link', sub: 'Kenter R4', dim: 127 },
  { role: 'spiral strand wire', sub: 'Spiral strand', dim: 110, len: [1200, 2000] },
  { role: 'wire shackle', sub: 'D-shackle', dim: 102 },
  { role: 'top chain', sub: 'Studless R4', dim: 95, len: [200, 400] },
];
const chainLeg = (sub: string): Component[] => [
  { role: 'anchor', sub: 'Drag embedment anchor', dim: 12 },
  { role: 'anchor shackle', sub: 'Anchor shackle', dim: 95 },
  { role: 'ground chain', sub, dim: 76, len: [1000, 1100] },
  { role: 'Kenter link, lower', sub: 'Kenter R3S', dim: 76 },
  { role: 'mid chain', sub, dim: 76, len: [900, 1100] },
  { role: 'Kenter link, upper', sub: 'Kenter R3S', dim: 76 },
  { role: 'top chain', sub, dim: 76, len: [200, 400] },
];

export interface DemoRig {
  name: string;
  code: string;
  ownerId: number;
  legs: number;
  template: Component[];
  field: string;
  projects: string[];
}

export const DEMO_RIGS: DemoRig[] = [
  { name: 'Nordic Aurora', code: 'NA', ownerId: 83, legs: 12, template: FIBRE_LEG, field: 'Gullfisk field, block 34/7', projects: ['2301 Gullfisk appraisal', '2405 Gullfisk production drilling', '2602 Tern South exploration'] },
  { name: 'Polar Kestrel', code: 'PK', ownerId: 83, legs: 8, template: WIRE_LEG, field: 'Aster field, block 6406/2', projects: ['2210 Aster infill', '2508 Aster plug and abandonment'] },
  { name: 'Deepwater Tern', code: 'DT', ownerId: 1, legs: 8, template: WIRE_LEG, field: 'Heimdal West, block 25/4', projects: ['2207 Heimdal West wildcat', '2403 Lyngvær appraisal', '2601 Lyngvær development'] },
  { name: 'Stormhav Pioneer', code: 'SP', ownerId: 1, legs: 8, template: FIBRE_LEG, field: 'Skarvhola field, block 6507/5', projects: ['2302 Skarvhola workover', '2506 Skarvhola north extension'] },
  { name: 'Ocean Skua', code: 'OS', ownerId: 12, legs: 8, template: chainLeg('Studlink R3S'), field: 'Troll East, block 31/3', projects: ['2309 Kveite exploration', '2511 Kveite appraisal'] },
  { name: 'Westfjord Pioneer', code: 'WP', ownerId: 27, legs: 8, template: chainLeg('Studlink R3'), field: 'Haltenbanken, block 6507/8', projects: ['2212 Havbris wildcat', '2410 Havbris appraisal', '2604 Yard stay Hanøytangen'] },
];

/** Spare stock per owner: [sub-type, dimension, how many, length range or none]. */
const SPARES: Record<number, [string, number, number, [number, number]?][]> = {
  1: [
    ['Studless R5', 147, 3, [900, 1100]], ['Studless R5', 178, 2, [600, 900]], ['Studless R4', 102, 4, [120, 600]],
    ['Studless R4', 84, 5, [120, 450]], ['Studless R4', 76, 3, [200, 800]], ['Kenter R4', 84, 8], ['Kenter R4', 114, 6],
    ['D-shackle', 84, 6], ['Six-strand IWRC', 76, 4, [90, 300]], ['Six-strand IWRC', 64, 3, [1500, 2500]],
    ['Polyester', 160, 4, [300, 1200]], ['Studlink R3S', 84, 3, [200, 700]],
  ],
  83: [
    ['Studless R4S', 147, 3, [800, 1100]], ['Studless R5', 178, 2, [500, 900]], ['Studless R4', 84, 6, [120, 400]],
    ['Studless R4', 114, 4, [300, 900]], ['Kenter R4', 84, 10], ['Kenter R4', 114, 6], ['Kenter R3S', 76, 4],
    ['D-shackle', 114, 4], ['Six-strand IWRC', 84, 4, [90, 250]], ['Spiral strand', 96, 2, [1500, 2200]],
    ['Polyester', 220, 3, [600, 1400]], ['Studlink R3S', 95, 3, [300, 700]],
  ],
  2: [['Studless R4', 84, 6, [150, 700]], ['Studlink R3S', 76, 4, [300, 1000]], ['D-shackle', 84, 4], ['Six-strand IWRC', 64, 3, [1200, 2000]], ['Kenter R4', 84, 5]],
  12: [['Kenter R3S', 76, 6], ['Studlink R3', 84, 3, [400, 1000]], ['D-shackle', 102, 2]],
  27: [['Six-strand IWRC', 76, 3, [90, 300]], ['Kenter R3S', 84, 4], ['Studlink R3S', 84, 2, [500, 1000]]],
};

const MANUFACTURERS: Record<Kind, string[]> = {
  chain: ['Halvorsen Chain Works', 'Baltic Forge AB', 'Ferrovia Mooring Chain', 'Ryvik Steel'],
  kenter: ['Halvorsen Chain Works', 'Linkwell Connectors', 'Ferrovia Mooring Chain'],
  shackle: ['Grønnes Lifting', 'Hatteras Rigging Supply'],
  wire: ['Kessler Wire Rope', 'Norvik Ropes', 'Tamsett Wire Ltd'],
  fibre: ['Marlin Fibre Systems', 'Polyrope Offshore'],
  anchor: ['Vryburg Anchors', 'Stoltz Anchor Works'],
};
const CODES: Record<Kind, string[]> = {
  chain: ['DNV-OS-E302', 'DNV-OS-E302', 'IACS Rec. 38', 'ISO 19901-7'],
  kenter: ['DNV-OS-E302', 'API RP 2I'],
  shackle: ['DNV-OS-E302', 'ISO 19901-7'],
  wire: ['DNV-OS-E304', 'API RP 2I'],
  fibre: ['DNV-OS-E303', 'ISO 19901-7'],
  anchor: ['DNV-OS-E301'],
};
const ISSUERS = ['DNV', 'ABS', 'Bureau Veritas', "Lloyd's Register"];
const GRADE_FACTOR: Record<string, number> = { R3: 0.0223, R3S: 0.0249, R4: 0.0274, R4S: 0.0304, R5: 0.032 };
const HIDDEN_COMMENTS = [
  'Condemned after renewal survey: diameter loss above 5 %',
  'Scrapped, replaced by new segment',
  'Lost during anchor recovery',
  'Quarantined pending MPI of crack indication',
];
const COMMENTS = [
  'Stored at Kristiansund base, rack B4',
  'Re-terminated after wear at fairlead',
  'Marine growth removed',
  'Spare for leg 3',
  'Tagged at both ends',
  'Delivered with 3.1 certificate',
];

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

interface ItemSpec {
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

const subTypeByName = new Map(SUB_TYPES.map((t) => [t.subType, t]));
const dimName = (sub: SubTypeSpec, dim: number) => (sub.kind === 'anchor' ? `${dim} t` : `${dim} mm`);

export async function loadCatalogue(tx: Tx, rng: Rng, now: Date): Promise<DemoCatalogue> {
  const created = daysBefore(now, 12 * 365 + 60);
  const audit = (at: Date, by = 'admin@demo.example') => ({ createdAt: at, createdBy: by, updatedAt: at, updatedBy: by });

  // ---- owners (explicit ids 1 and 83 are the spec's report owners)
  await tx.insert(s.owners).values(DEMO_OWNERS.map((o) => ({ ...o, ...audit(created, 'sysadmin@demo.example') })));
  await tx.execute(sql`select setval(pg_get_serial_sequence('owners', 'id'), (select max(id) from owners))`);

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
      t.dims.map((d) => ({ subTypeId: subId.get(`${o.id}|${t.subType}`)!, name: dimName(t, d), ...audit(created) })),
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
        list.push({ ownerId: o.id, sub, dim, length: lengthIn(range), description: `Spare ${subName.toLowerCase()}, ${dimName(sub, dim)}`, hidden: false, comment: null });
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
  const certNumbers = new Set<string>();
  const counters = new Map<string, number>();
  const ownerCode = new Map<number, string>(DEMO_OWNERS.map((o) => [o.id, o.shortCode]));
  const nextStampedId = (ownerId: number, sub: SubTypeSpec, dim: number) => {
    const base = `${ownerCode.get(ownerId)}-${sub.prefix}-${sub.kind === 'anchor' ? `${dim}T` : String(dim).padStart(3, '0')}`;
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
        const initials = manufacturer.split(/[\s-]+/).map((w) => w[0]).join('').toUpperCase().slice(0, 3);
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
    }
  }
  const certIds = new Map<string, number>();
  for (const batch of chunked(certRows)) {
    for (const c of await tx.insert(s.certificates).values(batch).returning({ id: s.certificates.id, no: s.certificates.certificateNumber })) {
      certIds.set(c.no, c.id);
    }
  }
  for (const spec of specs) spec.certificateId = certIds.get(spec.certKey!)!;

  // Two items were later deleted from their certificate; they are unlinked now.
  for (const spec of rng.shuffle([...spareSet]).slice(0, 2)) {
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
      const rows = await tx.insert(s.equipment).values(batch.map(toRow)).returning({ id: s.equipment.id, stampedId: s.equipment.stampedId });
      for (const r of rows) byStamped.get(r.stampedId)!.id = r.id;
    }
  }
  for (const spec of specs) {
    spec.ref = { id: spec.id!, stampedId: spec.stampedId!, kind: spec.sub.kind, ownerId: spec.ownerId, createdAt: spec.createdAt!, hidden: spec.hidden };
  }

  // ---- history: the initial state of every item, and a second row for those changed since
  const history: (typeof s.equipmentHistory.$inferInsert)[] = [];
  for (const spec of specs) {
    const initialComment = spec.changeAfterDays ? null : spec.comment;
    history.push({ equipmentId: spec.id!, stampedId: spec.stampedId!, certificateId: spec.certificateId ?? null, length: spec.length, hidden: false, comment: initialComment, changedAt: spec.createdAt!, changedBy: spec.createdBy! });
    if (spec.hidden && !spec.changeAfterDays) history[history.length - 1].hidden = true;
    if (spec.changeAfterDays) {
      history.push({ equipmentId: spec.id!, stampedId: spec.stampedId!, certificateId: finalCertificate(spec), length: spec.length, hidden: spec.hidden, comment: spec.comment, changedAt: changedAt(spec), changedBy: 'certificates@demo.example' });
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
    chipRows.push({ chipId, equipmentId: spec.id!, dateRegistered: notAfter(addDays(spec.createdAt!, rng.int(1, 200)), now), createdBy: rng.pick(['events@demo.example', 'certificates@demo.example']) });
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
