import type { QueryClient } from '@tanstack/react-query';

/** Every folder query lives under 'folders', so one invalidation refreshes all folder screens. */
export const folderKeys = {
  all: ['folders'] as const,
  eventTypes: () => ['folders', 'eventTypes'] as const,
  statuses: (typeId: number) => ['folders', 'statuses', typeId] as const,
  folder: (id: number) => ['folders', 'one', id] as const,
  rigs: () => ['folders', 'rigs'] as const,
  rig: (id: number) => ['folders', 'rig', id] as const,
  projects: (rigId: number) => ['folders', 'projects', rigId] as const,
};

/** After any folder write: the admin lists, and the events screens' pick lists and filters. */
export function invalidateFolders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: folderKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['events'] }),
  ]);
}
