import { type EventItemEditorRow, plural } from '@portal/contract';

/** The dialog's previous and next item: the neighbours in the event's order that the user may change. */
export function neighbours(items: EventItemEditorRow[], id: number, open: (item: EventItemEditorRow) => void) {
  const mine = items.filter((item) => !item.anotherOwner);
  const at = mine.findIndex((item) => item.id === id);
  const previous = at > 0 ? mine[at - 1] : undefined;
  const next = at >= 0 && at < mine.length - 1 ? mine[at + 1] : undefined;
  return { onPrevious: previous && (() => open(previous)), onNext: next && (() => open(next)) };
}

/** What "Set on all" will do: only the user's own and unlinked items change; other owners' keep their status. */
export function setAllText(items: EventItemEditorRow[], status: string) {
  const theirs = items.filter((item) => item.anotherOwner).length;
  const mine = items.length - theirs;
  const changed = `${mine === 1 ? 'The one item' : `Every one of the ${plural(mine, 'item')}`} of this event${theirs ? ' you may change' : ''} gets the status ${status}.`;
  return theirs ? `${changed} ${plural(theirs, 'item')} of another owner keep${theirs === 1 ? 's its' : ' their'} status.` : changed;
}

/** The input of a series or an import: its dry run ('true') or the add itself. */
export const manyInput = <B>(eventId: number, dryRun: 'true' | 'false', body: B) => ({ params: { eventId }, query: { dryRun }, body });
