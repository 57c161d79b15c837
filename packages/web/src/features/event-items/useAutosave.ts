import { ITEM_AUTOSAVE_DEBOUNCE_MS } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

/**
 * Autosave of the item dialog (spec section 2: 100 ms after the last change, and on close): changes
 * gather until the user pauses, then only the changed fields are sent, one save at a time and in
 * order. `flush` sends what is waiting now (the dialog calls it when it closes) and resolves once
 * every save has finished.
 */
export function useAutosave<T extends object>(save: (changes: Partial<T>) => Promise<void>, delayMs = ITEM_AUTOSAVE_DEBOUNCE_MS) {
  const [state, setState] = useState<SaveState>('idle');
  const pending = useRef<Partial<T>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    const changes = pending.current;
    if (Object.keys(changes).length === 0) return chain.current;
    pending.current = {};
    setState('saving');
    chain.current = chain.current.then(async () => {
      try {
        await saveRef.current(changes);
        setState(Object.keys(pending.current).length ? 'pending' : 'saved');
      } catch {
        setState('failed');
      }
    });
    return chain.current;
  }, []);

  const change = useCallback(
    (fields: Partial<T>) => {
      pending.current = { ...pending.current, ...fields };
      setState('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [flush, delayMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { state, change, flush };
}
