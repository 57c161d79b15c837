import { TEXT_CHANGE_DEBOUNCE_MS } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';

/**
 * A list's search term kept in the address (`…/Search/{search}`), so a search can be shared and the
 * back button works. The address leads: a new term there (back button, a link) resets the box and
 * calls `onNewSearch` (the list goes back to its first page). Typing settles for
 * TEXT_CHANGE_DEBOUNCE_MS before the address (and so the list) follows: `pathOf('')` is the plain list.
 */
export function useSearchInAddress(pathOf: (term: string) => string, onNewSearch: () => void) {
  const search = (useParams().search ?? '').trim();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(search);
  const latest = useRef({ pathOf, onNewSearch });
  latest.current = { pathOf, onNewSearch };

  useEffect(() => {
    setDraft(search);
    latest.current.onNewSearch();
  }, [search]);

  useEffect(() => {
    const term = draft.trim();
    if (term === search) return;
    const timer = setTimeout(() => navigate(latest.current.pathOf(term), { replace: true }), TEXT_CHANGE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, navigate]);

  return { search, draft, setDraft };
}
