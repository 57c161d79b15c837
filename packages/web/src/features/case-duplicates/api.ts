import { caseDuplicateEndpoints as e } from '@portal/contract';
import { useEndpoint, useEndpointMutation } from '../../lib/api/endpointQuery.ts';

export const useCaseDuplicates = () => useEndpoint(e.list);
/** A rename changes the item's page, lists and reports by stamped id. */
export const useRenameCaseDuplicate = () =>
  useEndpointMutation(e.rename, { invalidates: ['CaseDuplicates', 'Equipment', 'Unlinked', 'Certificates', 'EventComponents'] });
