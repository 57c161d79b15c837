import { measurementEndpoints } from '@portal/contract';
import { useEndpointMutation } from '../../lib/api/mutation.ts';

export const useSetTypeTemplate = () => useEndpointMutation(measurementEndpoints.setTypeTemplate);
export const useRemoveTypeTemplate = () => useEndpointMutation(measurementEndpoints.removeTypeTemplate);
export const useSetSubTypeTemplate = () => useEndpointMutation(measurementEndpoints.setSubTypeTemplate);
export const useRemoveSubTypeTemplate = () => useEndpointMutation(measurementEndpoints.removeSubTypeTemplate);
export const useCopyTemplate = () => useEndpointMutation(measurementEndpoints.copy);
