import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * What an editor opened on: the query's first answer fetched after mount, replaced only by `reload`.
 * A write elsewhere refreshes the query in the background (decision 070); if that replaced the data
 * under an open editor, it would drop a conflict message and send the newer version with the older
 * draft, overwriting someone's changes without a 409. `opened` counts the reloads, for a remount key.
 */
export function useOpenedData<T>(query: UseQueryResult<T>) {
  const [snapshot, setSnapshot] = useState<{ data: T; opened: number }>();
  const ready = query.data !== undefined && query.isFetchedAfterMount;
  // Set during render (not in an effect), so the editor never renders without it once ready.
  if (snapshot === undefined && ready) setSnapshot({ data: query.data as T, opened: 0 });
  const reload = () => {
    void query.refetch().then((result) => {
      if (result.data !== undefined) setSnapshot((old) => ({ data: result.data as T, opened: (old?.opened ?? 0) + 1 }));
    });
  };
  return { snapshot: snapshot ?? (ready ? { data: query.data as T, opened: 0 } : undefined), reload };
}
