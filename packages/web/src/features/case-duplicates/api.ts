import { caseDuplicateEndpoints as e } from '@portal/contract';
import { useEndpoint } from '../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../lib/api/mutation.ts';

export const useCaseDuplicates = () => useEndpoint(e.list);
/** A rename changes the item's page, lists and reports by stamped id (the contract lists them). */
export const useRenameCaseDuplicate = () => useEndpointMutation(e.rename);
