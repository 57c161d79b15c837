import { useSyncExternalStore } from 'react';
import { type DraftAction, type DraftState, draftReducer } from './draft.ts';

/**
 * The draft lives outside React state, so that a keystroke in one row re-renders that row (and the
 * table's own line), not the certificate's fields or the other rows: each part subscribes to the
 * slice it shows (`useDraft(store, (draft) => draft.dirty)`).
 */
export interface DraftStore {
  get: () => DraftState;
  dispatch: (action: DraftAction) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createDraftStore(initial: DraftState): DraftStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch: (action) => {
      const next = draftReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A slice of the draft; the component re-renders only when the slice changes (by identity). */
export function useDraft<T>(store: DraftStore, select: (draft: DraftState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
