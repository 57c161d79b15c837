import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { parseId } from '../lib/routeIds.ts';

/** What the page's dialog shows: nothing, a new entry, or the entry with this id. */
export type Editing = null | 'new' | number;

/**
 * The add/edit dialog lives in the address (`?edit=new`, `?edit=12`), so the back button closes it
 * and a shared link opens it (UI.md: nested edits open in a modal with its own URL).
 */
export function useEditParam() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = params.get('edit');
  const editing: Editing = raw === 'new' ? 'new' : parseId(raw);

  const open = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('edit', value);
        return next;
      },
      { state: { openedHere: true } },
    );

  const close = () => {
    // Opened from this page: step back, so the history holds no extra entry. Opened from a link: drop the parameter.
    if ((location.state as { openedHere?: boolean } | null)?.openedHere) {
      navigate(-1);
      return;
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  };

  return { editing, openNew: () => open('new'), openEdit: (id: number) => open(String(id)), close };
}
