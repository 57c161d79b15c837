/** Pure helpers of the equipment editor: the order of items after a move, the dialog's route, days ago. */

/** The list with the item at `from` moved to `to` (both zero-based), as the server's moveToSequence orders it. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export type DialogRoute = { kind: 'none' } | { kind: 'item'; id: number } | { kind: 'history'; id: number };

/** The part after /Events/Edit/{id}/Equipment: '' (no dialog), '{eventComponentId}' or '{eventComponentId}/history'. */
export function parseDialogRoute(rest: string | undefined): DialogRoute {
  const match = /^(\d{1,10})(\/history)?\/?$/.exec(rest ?? '');
  if (!match) return { kind: 'none' };
  const id = Number(match[1]);
  return match[2] ? { kind: 'history', id } : { kind: 'item', id };
}

/** Whole days from an event date (local midnight) to now, for the contract's `timeAgo` (spec section 9). */
export function daysAgo(date: string, now: Date = new Date()): number {
  return Math.floor((now.getTime() - new Date(`${date.slice(0, 10)}T00:00:00`).getTime()) / 86_400_000);
}
