import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { parseId } from '../lib/routeIds.ts';

/** What the page's dialog shows: nothing, a new entry, or the entry with this id. */
export type Editing = null | 'new' | number;

/**
 * A dialog that lives in the address (`?edit=12`, `?dialog=password`), so the back button closes it
 * and a shared link opens it (UI.md: nested edits open in a modal with its own URL).
 */
export function useDialogParam(key: string) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const open = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      // The page stays where the person had scrolled to, behind the dialog and after it.
      { state: { openedHere: true }, preventScrollReset: true },
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
        next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return { value: params.get(key), open, close };
}

/** The page's add/edit dialog: `?edit=new` or `?edit=<id>` (a malformed id opens nothing). */
export function useEditParam() {
  const { value, open, close } = useDialogParam('edit');
  const editing: Editing = value === 'new' ? 'new' : parseId(value);
  return { editing, openNew: () => open('new'), openEdit: (id: number) => open(String(id)), close };
}
