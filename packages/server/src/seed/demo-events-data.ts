/** Fixed data for the demo events: event types with their statuses, vessels, people, companies, comments. */

import type { StatusMeaning } from '@portal/contract';
import type { Kind } from './demo-catalogue-data.ts';

/** A demo status: its meaning is what an inspector would mean by it (a reset of age is no inspection). */
export type StatusSpec = [name: string, color: string, isDefault: boolean, weight: number, meaning: StatusMeaning];
export interface EventTypeSpec {
  name: string;
  code: string;
  color: string;
  isDefault?: boolean;
  enabled?: boolean;
  statuses: StatusSpec[];
}

export const EVENT_TYPES: EventTypeSpec[] = [
  {
    name: 'Inspection',
    code: 'INS',
    color: 'primary',
    isDefault: true,
    statuses: [
      ['OK', 'success', true, 70, 'fit'],
      ['Monitor', 'warning', false, 14, 'monitor'],
      ['Replace', 'danger', false, 5, 'condemned'],
      ['Not inspected', 'default', false, 11, 'notInspected'],
    ],
  },
  {
    name: 'Renewal survey',
    code: 'REN',
    color: 'success',
    statuses: [
      ['Accepted', 'success', true, 76, 'fit'],
      ['Repaired', 'info', false, 9, 'fit'],
      ['Monitor', 'warning', false, 8, 'monitor'],
      ['Rejected', 'danger', false, 7, 'condemned'],
    ],
  },
  {
    name: 'MPI',
    code: 'MPI',
    color: 'info',
    statuses: [
      ['No indications', 'success', true, 80, 'fit'],
      ['Indication, monitor', 'warning', false, 13, 'monitor'],
      ['Crack, replace', 'danger', false, 7, 'condemned'],
    ],
  },
  {
    name: 'ROV survey',
    code: 'ROV',
    color: 'default',
    statuses: [
      ['OK', 'success', true, 68, 'fit'],
      ['Marine growth', 'info', false, 16, 'fit'],
      ['Monitor', 'warning', false, 11, 'monitor'],
      ['Damaged', 'danger', false, 5, 'condemned'],
    ],
  },
  { name: 'Reset age', code: 'RST', color: 'warning', statuses: [['Age reset', 'primary', true, 100, 'notInspected']] },
  {
    name: 'Proof load test',
    code: 'PLT',
    color: 'none',
    enabled: false,
    statuses: [
      ['Passed', 'success', true, 95, 'fit'],
      ['Failed', 'danger', false, 5, 'condemned'],
    ],
  },
];

export const VESSELS = ['Havørn Supporter', 'Sjøkatt Warrior', 'Bluefin Endeavour', 'Ocean Terne', 'Kvitbjørn Tow', 'Stormsvale'];
export const RESPONSIBLE = ['Kari Lunde', 'Ola Brekke', 'Ingrid Sæther', 'Jonas Vik', 'Marte Holm', 'Erik Dahl'];
export const COMPANIES = ['Brage Inspection AS', 'Subsea Integrity Partners', 'Fjordline NDT Services', 'Mooring Check Ltd'];
export const BASES = ['Kristiansund base', 'Ågotnes base', 'Hanøytangen yard'];
export const EVENT_USERS = ['events@demo.example', 'certificates@demo.example', 'admin@demo.example', 'sysadmin@demo.example'];
export const ITEM_COMMENTS: Record<Kind, string[]> = {
  chain: [
    'Pitting on link crowns',
    'Diameter loss 3 % at interlink contact',
    'Stud loose in link 112',
    'Wear at fairlead contact area',
    'Heavy corrosion, measure at next survey',
  ],
  kenter: ['Lead plug missing', 'Indication at C-half, re-test', 'Pin difficult to remove', 'Crack in stud area'],
  shackle: ['Bolt secured with new split pin', 'Wear on bow', 'Pin thread damaged'],
  wire: ['2 broken wires in 6d', 'Sheathing damaged over 1.5 m', 'Socket corrosion', 'Kink at 340 m'],
  fibre: ['Jacket abrasion near termination', 'Soil ingress on lower end', 'Marking at one end unreadable'],
  anchor: ['Fluke angle set to 32°', 'Shank paint loss', 'Anchor not recovered, ROV visual only'],
};
export const EVENT_COMMENTS = [
  'Annual class inspection',
  'Inspected during rig move',
  'Follow-up of findings from last survey',
  'Client witness present',
  null,
  null,
];
