/** Pure helpers of the equipment editor: the order of items after a move, the dialog's route, time ago. */

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

/** Spec section 9: under 31 days in days, under 365 days in months (days / 30.41), otherwise in years. */
export function timeAgo(date: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(`${date.slice(0, 10)}T00:00:00`).getTime()) / 86_400_000));
  if (days < 31) return `${days} day${days === 1 ? '' : 's'} ago`;
  if (days < 365) {
    const months = Math.floor(days / 30.41);
    return `${months} month${months === 1 ? '' : 's'} ago`;
  }
  const years = Math.floor(days / 365);
  return `${years} year${years === 1 ? '' : 's'} ago`;
}
