import type { EndpointOutput } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type EndpointInputArg, sendEndpoint } from './callEndpoint.ts';
import { refreshAfterWrite, type WriteEndpoint } from './mutation.ts';

/**
 * The offline queue's sender (decision 083), the one place besides mutation.ts that sends a write from
 * callEndpoint.ts (decision 070; Biome's noRestrictedImports): a change kept on the device is sent
 * later, outside any screen, with the Idempotency-Key it got when it was made, so that sending it again
 * (after a lost answer, a reload, a new sign-in) is the same request and the server runs it once. What
 * the write's endpoint declares is refreshed after it, as after any write.
 */
export async function sendQueued<E extends WriteEndpoint>(
  queryClient: QueryClient,
  endpoint: E,
  input: EndpointInputArg<E>[0],
  idempotencyKey: string,
): Promise<EndpointOutput<E>> {
  try {
    const answer = await sendEndpoint(endpoint, input, { idempotencyKey });
    void refreshAfterWrite(queryClient, endpoint, input);
    return answer;
  } catch (error) {
    void refreshAfterWrite(queryClient, endpoint, input, error);
    throw error;
  }
}
