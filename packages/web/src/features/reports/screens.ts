/** The report screens of spec section 2 and the calls that serve them (docs/reports.md). */
import type { CurrentUser, ReportName } from '@portal/contract';

/** /Reports/1/{screen}: the screen's title and its report calls. */
export const ownerOneScreens = {
  Status: { title: 'Status', reports: ['keyinfo', 'equipment/totals'] },
  KenterMpi: { title: 'Kenter links MPI', reports: ['kenterMpi'] },
  Chips: { title: 'Chips', reports: ['chipReport'] },
  Unlinked: { title: 'Unlinked equipment', reports: ['unlinkedEquipment'] },
  Red: { title: 'Red equipment', reports: ['redEquipment'] },
  Yellow: { title: 'Yellow equipment', reports: ['yellowEquipment'] },
  RedInactive: { title: 'Red inactive equipment', reports: ['redInactive'] },
  Projects: { title: 'Projects', reports: ['projects'] },
  FibreRopeStatus: { title: 'Fibre rope status', reports: ['fibreRopeStatus'] },
  Renewal: { title: 'Renewal', reports: ['renewal'] },
  HeavyChain: { title: 'Heavy chain', reports: ['heavyChain'] },
  Chain84: { title: 'Chain 84', reports: ['chain84'] },
  StampedIds: { title: 'Stamped ids', reports: ['stampedids'] },
  Activity: { title: 'Activity', reports: ['activity'] },
} as const satisfies Record<string, { title: string; reports: readonly ReportName[] }>;
export type OwnerOneScreen = keyof typeof ownerOneScreens;

export const ownerEightyThreeScreens = {
  MooringSpread: 'Mooring spread',
  TopChainIdHistory: 'Top chain id history',
} as const;

/** Spec section 6: the report sets of owners 1 and 83 need that owner among the user's owners. */
export const hasOwner = (user: Pick<CurrentUser, 'allOwners' | 'owners'>, ownerId: number) =>
  user.allOwners || user.owners.some((owner) => owner.id === ownerId);
