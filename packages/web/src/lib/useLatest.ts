import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * A ref that holds the value of the last committed render: for handlers drawn in a part that does not
 * render again each time (a kept table row, components/tableRows.tsx), so that a click acts on what the
 * page shows now, not on the props of when that part was drawn.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
