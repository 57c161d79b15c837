/** Demo data: the fixed facts behind the demo set (owners, catalogue, mooring spreads, spare stock, names). */

export const DEMO_OWNERS = [
  { id: 1, name: 'Nordsund Drilling AS', shortCode: 'NSD', label: 'primary' },
  { id: 83, name: 'Aster Mooring Partners', shortCode: 'AMP', label: 'success' },
  { id: 2, name: 'Brønnvik Offshore Services', shortCode: 'BOS', label: 'info' },
  { id: 12, name: 'Kvitsand Marine Contractors', shortCode: 'KMC', label: 'warning' },
  { id: 27, name: 'Westhaven Rig Leasing', shortCode: 'WRL', label: 'none' },
] as const;

export type Kind = 'chain' | 'kenter' | 'shackle' | 'wire' | 'fibre' | 'anchor';

export interface SubTypeSpec {
  type: string;
  subType: string;
  kind: Kind;
  grade: string;
  prefix: string;
  dims: number[];
}

export const SUB_TYPES: SubTypeSpec[] = [
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
export const OWNER_SUB_TYPES: Record<number, string[]> = {
  2: ['Studless R4', 'Studlink R3S', 'D-shackle', 'Six-strand IWRC', 'Kenter R4'],
  12: ['Studlink R3S', 'Studlink R3', 'Kenter R3S', 'Anchor shackle', 'D-shackle', 'Drag embedment anchor'],
  27: ['Studlink R3', 'Studlink R3S', 'Kenter R3S', 'Anchor shackle', 'Six-strand IWRC', 'Drag embedment anchor'],
};

export interface Component {
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
  {
    name: 'Nordic Aurora',
    code: 'NA',
    ownerId: 83,
    legs: 12,
    template: FIBRE_LEG,
    field: 'Gullfisk field, block 34/7',
    projects: ['2301 Gullfisk appraisal', '2405 Gullfisk production drilling', '2602 Tern South exploration'],
  },
  {
    name: 'Polar Kestrel',
    code: 'PK',
    ownerId: 83,
    legs: 8,
    template: WIRE_LEG,
    field: 'Aster field, block 6406/2',
    projects: ['2210 Aster infill', '2508 Aster plug and abandonment'],
  },
  {
    name: 'Deepwater Tern',
    code: 'DT',
    ownerId: 1,
    legs: 8,
    template: WIRE_LEG,
    field: 'Heimdal West, block 25/4',
    projects: ['2207 Heimdal West wildcat', '2403 Lyngvær appraisal', '2601 Lyngvær development'],
  },
  {
    name: 'Stormhav Pioneer',
    code: 'SP',
    ownerId: 1,
    legs: 8,
    template: FIBRE_LEG,
    field: 'Skarvhola field, block 6507/5',
    projects: ['2302 Skarvhola workover', '2506 Skarvhola north extension'],
  },
  {
    name: 'Ocean Skua',
    code: 'OS',
    ownerId: 12,
    legs: 8,
    template: chainLeg('Studlink R3S'),
    field: 'Troll East, block 31/3',
    projects: ['2309 Kveite exploration', '2511 Kveite appraisal'],
  },
  {
    name: 'Westfjord Pioneer',
    code: 'WP',
    ownerId: 27,
    legs: 8,
    template: chainLeg('Studlink R3'),
    field: 'Haltenbanken, block 6507/8',
    projects: ['2212 Havbris wildcat', '2410 Havbris appraisal', '2604 Yard stay Hanøytangen'],
  },
];

/** Spare stock per owner: [sub-type, dimension, how many, length range or none]. */
export const SPARES: Record<number, [string, number, number, [number, number]?][]> = {
  1: [
    ['Studless R5', 147, 3, [900, 1100]],
    ['Studless R5', 178, 2, [600, 900]],
    ['Studless R4', 102, 4, [120, 600]],
    ['Studless R4', 84, 5, [120, 450]],
    ['Studless R4', 76, 3, [200, 800]],
    ['Kenter R4', 84, 8],
    ['Kenter R4', 114, 6],
    ['D-shackle', 84, 6],
    ['Six-strand IWRC', 76, 4, [90, 300]],
    ['Six-strand IWRC', 64, 3, [1500, 2500]],
    ['Polyester', 160, 4, [300, 1200]],
    ['Studlink R3S', 84, 3, [200, 700]],
  ],
  83: [
    ['Studless R4S', 147, 3, [800, 1100]],
    ['Studless R5', 178, 2, [500, 900]],
    ['Studless R4', 84, 6, [120, 400]],
    ['Studless R4', 114, 4, [300, 900]],
    ['Kenter R4', 84, 10],
    ['Kenter R4', 114, 6],
    ['Kenter R3S', 76, 4],
    ['D-shackle', 114, 4],
    ['Six-strand IWRC', 84, 4, [90, 250]],
    ['Spiral strand', 96, 2, [1500, 2200]],
    ['Polyester', 220, 3, [600, 1400]],
    ['Studlink R3S', 95, 3, [300, 700]],
  ],
  2: [
    ['Studless R4', 84, 6, [150, 700]],
    ['Studlink R3S', 76, 4, [300, 1000]],
    ['D-shackle', 84, 4],
    ['Six-strand IWRC', 64, 3, [1200, 2000]],
    ['Kenter R4', 84, 5],
  ],
  12: [
    ['Kenter R3S', 76, 6],
    ['Studlink R3', 84, 3, [400, 1000]],
    ['D-shackle', 102, 2],
  ],
  27: [
    ['Six-strand IWRC', 76, 3, [90, 300]],
    ['Kenter R3S', 84, 4],
    ['Studlink R3S', 84, 2, [500, 1000]],
  ],
};

export const MANUFACTURERS: Record<Kind, string[]> = {
  chain: ['Halvorsen Chain Works', 'Baltic Forge AB', 'Ferrovia Mooring Chain', 'Ryvik Steel'],
  kenter: ['Halvorsen Chain Works', 'Linkwell Connectors', 'Ferrovia Mooring Chain'],
  shackle: ['Grønnes Lifting', 'Hatteras Rigging Supply'],
  wire: ['Kessler Wire Rope', 'Norvik Ropes', 'Tamsett Wire Ltd'],
  fibre: ['Marlin Fibre Systems', 'Polyrope Offshore'],
  anchor: ['Vryburg Anchors', 'Stoltz Anchor Works'],
};
export const CODES: Record<Kind, string[]> = {
  chain: ['DNV-OS-E302', 'DNV-OS-E302', 'IACS Rec. 38', 'ISO 19901-7'],
  kenter: ['DNV-OS-E302', 'API RP 2I'],
  shackle: ['DNV-OS-E302', 'ISO 19901-7'],
  wire: ['DNV-OS-E304', 'API RP 2I'],
  fibre: ['DNV-OS-E303', 'ISO 19901-7'],
  anchor: ['DNV-OS-E301'],
};
export const ISSUERS = ['DNV', 'ABS', 'Bureau Veritas', "Lloyd's Register"];
export const GRADE_FACTOR: Record<string, number> = { R3: 0.0223, R3S: 0.0249, R4: 0.0274, R4S: 0.0304, R5: 0.032 };
export const HIDDEN_COMMENTS = [
  'Condemned after renewal survey: diameter loss above 5 %',
  'Scrapped, replaced by new segment',
  'Lost during anchor recovery',
  'Quarantined pending MPI of crack indication',
];
export const COMMENTS = [
  'Stored at Kristiansund base, rack B4',
  'Re-terminated after wear at fairlead',
  'Marine growth removed',
  'Spare for leg 3',
  'Tagged at both ends',
  'Delivered with 3.1 certificate',
];

export const subTypeByName = new Map(SUB_TYPES.map((t) => [t.subType, t]));
export const dimName = (sub: SubTypeSpec, dim: number) => (sub.kind === 'anchor' ? `${dim} t` : `${dim} mm`);
