import { lazy } from 'react';

/*
 * The user menu's parts that read an endpoint (the current owner and its chooser, the due-date
 * reminder switch) need the contract's schemas, zod and a Select: they load when the pointer or the
 * focus first comes to the menu's button (or when it opens), not with the frame, whose code then
 * stays small enough to run in one short task on a phone (docs/ui.md, fifth round).
 */
const loadCurrentOwner = () => import('../../features/account/components/CurrentOwner.tsx');
const loadDueReminders = () => import('../../features/due-dates/components/DueRemindersMenuItem.tsx');

export const CurrentOwnerMenuItem = lazy(async () => ({ default: (await loadCurrentOwner()).CurrentOwnerMenuItem }));
export const CurrentOwnerDialog = lazy(async () => ({ default: (await loadCurrentOwner()).CurrentOwnerDialog }));
export const DueRemindersMenuItem = lazy(async () => ({ default: (await loadDueReminders()).DueRemindersMenuItem }));

/** Starts loading the parts, so that the menu shows them when it opens. */
export function preloadMenuParts(): void {
  void loadCurrentOwner();
  void loadDueReminders();
}
