import { unlinkedEndpoints } from '@portal/contract';
import { useEndpointMutation } from '../../lib/api/endpointQuery.ts';

/** Linking changes certificates' item counts and search results too. */
const changes = ['Unlinked', 'Equipment', 'Certificates'] as const;

export const useSaveUnlinked = () => useEndpointMutation(unlinkedEndpoints.update, { invalidates: changes });
export const useDeleteUnlinked = () => useEndpointMutation(unlinkedEndpoints.delete, { invalidates: changes });

/** Field keys of PUT /Unlinked/{id} as the user sees them, for the 'N Problems found' toast. */
export const fieldLabels = { length: 'Length', comment: 'Comment', certificateId: 'Certificate' };
