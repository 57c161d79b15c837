/** What each report shows: its columns and a one-line description (the rules: docs/reports.md). */
import { plural, type ReportColumn, type ReportName, type ReportSettings } from '@portal/contract';
import { column, ITEM, TOP_CHAIN_ITEM } from './shape.ts';

const c = column;

export interface ReportDefinition {
  columns: ReportColumn[];
  describe: (settings: ReportSettings) => string;
}

export const reportDefinitions: Record<ReportName, ReportDefinition> = {
  keyinfo: {
    columns: [
      c('owner', 'Owner'),
      c('type', 'Type'),
      c('total', 'Total', 'number'),
      c('active', 'Active', 'number'),
      c('inactive', 'Inactive', 'number'),
      c('activeWithChip', 'Active with chip', 'number'),
      c('connected', 'Connected', 'number'),
      c('notifications', 'Notifications', 'number'),
    ],
    describe: () => 'Totals of certificates, equipment, chips, events and certificate files; equipment per owner and type.',
  },
  'equipment/totals': {
    columns: [
      c('owner', 'Owner'),
      c('type', 'Type'),
      c('subType', 'Sub-type'),
      c('dimension', 'Dimension'),
      c('total', 'Total', 'number'),
      c('active', 'Active', 'number'),
      c('inactive', 'Inactive', 'number'),
      c('red', 'Red', 'number'),
      c('yellow', 'Yellow', 'number'),
      c('neverInspected', 'Never inspected', 'number'),
    ],
    describe: () =>
      'Equipment per owner, type, sub-type and dimension; red (condemned) and yellow (monitor) count active items by their latest inspection.',
  },
  kenterMpi: {
    columns: [
      c('stampedId', 'Stamped id', 'stampedId'),
      c('owner', 'Owner'),
      c('subType', 'Sub-type'),
      c('dimension', 'Dimension'),
      c('certificate', 'Certificate'),
      c('lastMpi', 'Last MPI', 'date'),
      c('mpiStatus', 'MPI status', 'status', 'mpiColor'),
      c('daysSince', 'Days since', 'number'),
    ],
    describe: (s) => `Active items of type '${s.kenterType}' with their last '${s.mpiEventType}' event and the days since it.`,
  },
  chipReport: {
    columns: [
      c('chipId', 'Chip'),
      c('stampedId', 'Stamped id', 'stampedId'),
      c('owner', 'Owner'),
      c('type', 'Type'),
      c('dimension', 'Dimension'),
      c('registered', 'Registered', 'date'),
      c('active', 'Active', 'boolean'),
    ],
    describe: () => 'Every chip on an equipment item.',
  },
  unlinkedEquipment: {
    columns: [
      c('stampedId', 'Stamped id', 'stampedId'),
      c('description', 'Description'),
      c('length', 'Length', 'number'),
      c('comment', 'Comment'),
      c('added', 'Added', 'date'),
      c('status', 'Latest status', 'status', 'statusColor'),
      c('eventDate', 'Event date', 'date'),
    ],
    describe: () => 'Items without a certificate (they have no owner yet: internal users only).',
  },
  redEquipment: { columns: ITEM, describe: () => 'Active items whose latest inspection found them condemned.' },
  yellowEquipment: { columns: ITEM, describe: () => 'Active items whose latest inspection found them to monitor.' },
  redInactive: { columns: ITEM, describe: () => 'Inactive items whose latest inspection found them condemned.' },
  projects: {
    columns: [
      c('rig', 'Rig'),
      c('project', 'Project'),
      c('events', 'Events', 'number'),
      c('items', 'Items', 'number'),
      c('red', 'Red', 'number'),
      c('yellow', 'Yellow', 'number'),
      c('firstEvent', 'First event', 'date'),
      c('lastEvent', 'Last event', 'date'),
    ],
    describe: () => 'Per rig and project: the active items last inspected there, their events and red/yellow counts.',
  },
  fibreRopeStatus: {
    columns: [...ITEM.slice(0, 7), c('dateSigned', 'Signed', 'date'), c('ageYears', 'Age (years)', 'number'), ...ITEM.slice(7)],
    describe: (s) => `Active items of type '${s.fibreRopeType}' with age and latest status.`,
  },
  renewal: {
    columns: [
      c('stampedId', 'Stamped id', 'stampedId'),
      c('owner', 'Owner'),
      c('type', 'Type'),
      c('subType', 'Sub-type'),
      c('dimension', 'Dimension'),
      c('certificate', 'Certificate'),
      c('dateSigned', 'Signed', 'date'),
      c('lastRenewal', 'Last renewal', 'date'),
      c('due', 'Due', 'date'),
      c('overdue', 'Overdue', 'boolean'),
    ],
    describe: (s) =>
      `Active items; renewal is due by the type's renewal interval after the last renewal that found the item fit or to monitor (or the signed date), or ${plural(s.renewalYears, 'year')} after it where the type has none.`,
  },
  heavyChain: {
    columns: ITEM,
    describe: (s) => `Active items of type '${s.chainType}' of dimension ${s.heavyChainMinDimension} mm or more.`,
  },
  chain84: { columns: ITEM, describe: (s) => `Active items of type '${s.chainType}' of dimension ${s.chain84Dimension} mm.` },
  stampedids: { columns: ITEM, describe: () => 'Every linked item (active and inactive) with its certificate and latest status.' },
  activity: {
    columns: [
      c('eventDate', 'Event date', 'date'),
      c('eventType', 'Event type'),
      c('rig', 'Rig'),
      c('project', 'Project'),
      c('items', 'Items', 'number'),
      c('red', 'Red', 'number'),
      c('yellow', 'Yellow', 'number'),
    ],
    describe: (s) => `Events of the last ${plural(s.activityDays, 'day')} with the items inspected and how many were red or yellow.`,
  },
  topChains: {
    columns: [c('rig', 'Rig'), c('leg', 'Leg'), ...TOP_CHAIN_ITEM, c('events', 'Events', 'number')],
    describe: () => 'The top chain (last stamped id) of each leg of the configured mooring spreads, with its latest status.',
  },
};

export const generalColumns = [...ITEM.filter((col) => col.key !== 'owner'), c('active', 'Active', 'boolean')];
/** The Excel file holds what the screen shows: the table's columns and its Due column (the due date). */
export const generalExcelColumns = [...generalColumns, c('due', 'Due', 'date')];
