/**
 * Demo measurement templates (issue 28, docs/measurements.md "Demo templates"): one per certificate type
 * name the demo owners use, and a studlink override of the chain template. Built on public sources;
 * every number is the Admin's to change and none is the law. Used by the demo data and `npm run
 * seed:scale`; adds only what is missing.
 */
import type { TemplateBody, TemplateDefinition } from '@portal/contract';
import { templateBody } from '@portal/contract';

const severity = ['None', 'Light', 'Moderate', 'Severe'];

/**
 * Mooring chain, studless (IACS Rec. 38; defects after API RP 2I). Wear: the % loss of the smaller
 * grip diameter against the nominal diameter. Over 4 % calls for a fuller survey (monitor); 12 % is
 * where ship anchor cable is renewed (condemned). A crack found by MPI condemns.
 */
const chain: TemplateBody = {
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm' },
    { key: 'crownDiameter', label: 'Crown diameter', kind: 'number', unit: 'mm', required: false },
    { key: 'lengthOverLinks', label: 'Length over 5 links', kind: 'number', unit: 'mm', required: false },
    { key: 'crack', label: 'Crack (MPI)', kind: 'yesNo' },
    { key: 'gougesPits', label: 'Gouges or pits', kind: 'choice', choices: ['None', 'Minor', 'Severe'] },
    { key: 'notes', label: 'Notes', kind: 'text', required: false },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
  criteria: [
    { subject: 'diameterLoss', op: '>', limit: 4, meaning: 'monitor' },
    { subject: 'diameterLoss', op: '>=', limit: 12, meaning: 'condemned' },
    { subject: 'crack', op: 'is', value: true, meaning: 'condemned' },
    { subject: 'gougesPits', op: 'in', values: ['Severe'], meaning: 'monitor' },
  ],
};

/** Studlink chain: the chain template and the stud (API RP 2I: loose or missing studs). */
const studlinkChain: TemplateBody = {
  fields: [
    ...chain.fields.slice(0, -1),
    { key: 'stud', label: 'Stud', kind: 'choice', choices: ['Tight', 'Loose', 'Missing'] },
    ...chain.fields.slice(-1),
  ],
  derived: chain.derived,
  criteria: [
    ...(chain.criteria ?? []),
    { subject: 'stud', op: 'in', values: ['Loose'], meaning: 'monitor' },
    { subject: 'stud', op: 'in', values: ['Missing'], meaning: 'condemned' },
  ],
};

/** Kenter links join chain: the same wear rule, a crack, and the locking pin with its lead plug. */
const kenter: TemplateBody = {
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm' },
    { key: 'crack', label: 'Crack (MPI)', kind: 'yesNo' },
    { key: 'lockingPin', label: 'Locking pin and lead plug', kind: 'choice', choices: ['In place', 'Loose', 'Missing'] },
    { key: 'notes', label: 'Notes', kind: 'text', required: false },
  ],
  derived: chain.derived,
  criteria: [
    { subject: 'diameterLoss', op: '>', limit: 4, meaning: 'monitor' },
    { subject: 'diameterLoss', op: '>=', limit: 12, meaning: 'condemned' },
    { subject: 'crack', op: 'is', value: true, meaning: 'condemned' },
    { subject: 'lockingPin', op: 'in', values: ['Loose'], meaning: 'monitor' },
    { subject: 'lockingPin', op: 'in', values: ['Missing'], meaning: 'condemned' },
  ],
};

/**
 * Wire rope (ISO 4309), set for a six-strand rope with a steel core, 201-220 load-bearing outer wires
 * (rope category number 09: 6x36WS-IWRC), crane class M1-M4, ordinary lay: discard at 9 visible broken
 * wires over 6d or 18 over 30d, and at 7.5 % uniform decrease of diameter; monitor from half the
 * broken-wire limits and from 3.5 % (where ISO 4309 starts rating the decrease).
 */
const wireRope: TemplateBody = {
  fields: [
    { key: 'measuredDiameter', label: 'Measured diameter', kind: 'number', unit: 'mm' },
    { key: 'brokenWires6d', label: 'Broken wires over 6d', kind: 'count' },
    { key: 'brokenWires30d', label: 'Broken wires over 30d', kind: 'count' },
    { key: 'valleyBreak', label: 'Valley break', kind: 'yesNo' },
    { key: 'brokenStrand', label: 'Broken strand', kind: 'yesNo' },
    { key: 'corrosion', label: 'Corrosion', kind: 'choice', choices: ['None', 'Slight', 'Medium', 'High', 'Very high', 'Discard'] },
    { key: 'deformation', label: 'Deformation', kind: 'choice', choices: ['None', 'Slight', 'Discard'] },
    { key: 'heatDamage', label: 'Heat damage', kind: 'yesNo' },
    { key: 'notes', label: 'Notes', kind: 'text', required: false },
  ],
  derived: [{ key: 'diameterReduction', label: 'Diameter reduction', kind: 'lossPercentOfNominal', of: ['measuredDiameter'] }],
  criteria: [
    { subject: 'brokenWires6d', op: '>=', limit: 5, meaning: 'monitor' },
    { subject: 'brokenWires6d', op: '>=', limit: 9, meaning: 'condemned' },
    { subject: 'brokenWires30d', op: '>=', limit: 9, meaning: 'monitor' },
    { subject: 'brokenWires30d', op: '>=', limit: 18, meaning: 'condemned' },
    { subject: 'diameterReduction', op: '>=', limit: 3.5, meaning: 'monitor' },
    { subject: 'diameterReduction', op: '>=', limit: 7.5, meaning: 'condemned' },
    { subject: 'valleyBreak', op: 'is', value: true, meaning: 'condemned' },
    { subject: 'brokenStrand', op: 'is', value: true, meaning: 'condemned' },
    { subject: 'corrosion', op: 'in', values: ['High', 'Very high'], meaning: 'monitor' },
    { subject: 'corrosion', op: 'in', values: ['Discard'], meaning: 'condemned' },
    { subject: 'deformation', op: 'in', values: ['Slight'], meaning: 'monitor' },
    { subject: 'deformation', op: 'in', values: ['Discard'], meaning: 'condemned' },
    { subject: 'heatDamage', op: 'is', value: true, meaning: 'condemned' },
  ],
};

/**
 * Fibre rope (Cordage Institute CI 2001-04; OCIMF MEG4): damage rated by kind at the worst zone,
 * moderate to monitor and severe to retire; a residual strength, where tested, at or below 75 % of new
 * retires a mooring line (MEG4), at or below 80 % is watched.
 */
const fibreRope: TemplateBody = {
  fields: [
    { key: 'zone', label: 'Worst zone', kind: 'choice', choices: ['Eye', 'Splice', 'Body', 'Chafe zone'] },
    { key: 'abrasion', label: 'Abrasion', kind: 'choice', choices: severity },
    { key: 'cuts', label: 'Cuts', kind: 'choice', choices: severity },
    { key: 'glazing', label: 'Glazing or fusion', kind: 'choice', choices: severity },
    { key: 'pulledStrands', label: 'Pulled strands', kind: 'choice', choices: severity },
    { key: 'hoursInUse', label: 'Hours in use', kind: 'number', unit: 'h', required: false },
    { key: 'endForEnded', label: 'End-for-ended', kind: 'yesNo', required: false },
    { key: 'residualStrength', label: 'Residual strength', kind: 'number', unit: '%', required: false },
    { key: 'notes', label: 'Notes', kind: 'text', required: false },
  ],
  derived: [],
  criteria: [
    ...['abrasion', 'cuts', 'glazing', 'pulledStrands'].flatMap((subject) => [
      { subject, op: 'in' as const, values: ['Moderate'], meaning: 'monitor' as const },
      { subject, op: 'in' as const, values: ['Severe'], meaning: 'condemned' as const },
    ]),
    { subject: 'residualStrength', op: '<=', limit: 80, meaning: 'monitor' },
    { subject: 'residualStrength', op: '<=', limit: 75, meaning: 'condemned' },
  ],
};

/**
 * Lifting accessories (LOLER 1998, Schedule 1): each thorough examination reports a defect as
 * immediately dangerous (out of use), dangerous by a date (repair by then: monitor) or an observation.
 */
const shackles: TemplateBody = {
  fields: [
    {
      key: 'defectClass',
      label: 'Defect',
      kind: 'choice',
      choices: ['None', 'Observation', 'Dangerous by a date', 'Immediately dangerous'],
    },
    { key: 'defect', label: 'Defect found', kind: 'text', required: false },
    { key: 'repairNeeded', label: 'Repair needed', kind: 'text', required: false },
    { key: 'repairBy', label: 'Repair by (date)', kind: 'text', required: false },
  ],
  derived: [],
  criteria: [
    { subject: 'defectClass', op: 'in', values: ['Dangerous by a date'], meaning: 'monitor' },
    { subject: 'defectClass', op: 'in', values: ['Immediately dangerous'], meaning: 'condemned' },
  ],
};

export interface DemoTemplate {
  /** The certificate type's name (every owner's type of that name gets it). */
  type: string;
  /** A sub-type's name for an override; none for the type's own template. */
  subType?: string;
  definition: TemplateDefinition;
}

/** Parsed as the API parses a PUT: defaults filled in, and a broken demo template fails at once. */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  { type: 'Chain', definition: chain },
  { type: 'Chain', subType: 'Studlink R3S', definition: studlinkChain },
  { type: 'Chain', subType: 'Studlink R3', definition: studlinkChain },
  { type: 'Kenter links', definition: kenter },
  { type: 'Wire rope', definition: wireRope },
  { type: 'Fibre rope', definition: fibreRope },
  { type: 'Shackles', definition: shackles },
].map(({ definition, ...at }) => ({ ...at, definition: templateBody.parse(definition) }));

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The statements that add the demo templates as version 1 where a type (or sub-type) of that name has
 * none yet, by 'seed'. Plain SQL text: the demo loader and the scale seed run them as they are.
 */
export function measurementDemoSql(): string[] {
  return DEMO_TEMPLATES.flatMap(({ type, subType, definition }) => {
    const target = subType
      ? `select ct.id as type_id, st.id as sub_type_id from certificate_types ct
           join certificate_sub_types st on st.certificate_type_id = ct.id and lower(st.name) = lower(${literal(subType)})
         where lower(ct.name) = lower(${literal(type)})`
      : `select ct.id as type_id, null::int as sub_type_id from certificate_types ct where lower(ct.name) = lower(${literal(type)})`;
    return [
      `insert into measurement_templates (certificate_type_id, sub_type_id, created_by, updated_by)
       select type_id, sub_type_id, 'seed', 'seed' from (${target}) t
       on conflict (certificate_type_id, coalesce(sub_type_id, 0)) do nothing`,
      `insert into measurement_template_versions (template_id, version, definition, created_by)
       select m.id, 1, ${literal(JSON.stringify(definition))}::jsonb, 'seed'
       from measurement_templates m join (${target}) t
         on m.certificate_type_id = t.type_id and m.sub_type_id is not distinct from t.sub_type_id
       where not exists (select 1 from measurement_template_versions v where v.template_id = m.id)`,
      `update measurement_templates m set current_version_id = v.id
       from measurement_template_versions v
       where v.template_id = m.id and v.version = 1 and m.current_version_id is null and m.created_by = 'seed' and m.updated_by = 'seed'`,
    ];
  });
}
