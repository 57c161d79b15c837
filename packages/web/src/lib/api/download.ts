/**
 * Download links: links cannot send the bearer header, so each carries a fresh download token (POST
 * /Account/DownloadToken: single use, about two minutes, bound to this session, never the session token).
 */
import {
  callOf,
  type EndpointDefinition,
  type EndpointSchemaInput,
  endpointPath,
  type fileEndpoints,
  firstRouteCalls,
  TRACE_HEADER,
} from '@portal/contract';
import { ApiError } from './ApiError.ts';
import { buildUrl, type QueryValue } from './client.ts';
import { fetchEndpoint } from './endpointQuery.ts';

export type DownloadEndpoint = EndpointDefinition & { access: { download: true } };

// Without its schemas (decision 043): links are on pages that need no zod otherwise.
const newToken = async () => (await fetchEndpoint(callOf<typeof fileEndpoints.downloadToken>(firstRouteCalls.downloadToken))).token;

/** The address of a download with a fresh token: `/api/Files/12?access_token=...`. */
export async function downloadUrl<E extends DownloadEndpoint>(
  endpoint: E,
  params: EndpointSchemaInput<E['params']>,
  query?: Omit<EndpointSchemaInput<E['query']>, 'access_token'>,
): Promise<string> {
  return buildUrl(endpointPath(endpoint.path, params ?? undefined), { ...query, access_token: await newToken() });
}

/** Starts a download: the server answers an attachment, so the page stays where it is. */
export async function openDownload<E extends DownloadEndpoint>(endpoint: E, params: EndpointSchemaInput<E['params']>): Promise<void> {
  window.location.assign(await downloadUrl(endpoint, params));
}

/** The name of `attachment; filename="x"; filename*=UTF-8''x`, preferring the exact (RFC 5987) form. */
export function attachmentName(disposition: string | null): string | null {
  if (!disposition) return null;
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (exact) {
    try {
      return decodeURIComponent(exact[1]);
    } catch {
      // fall through to the ASCII name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

/**
 * Downloads a file through a download link and saves it: the file is fetched whole, then handed to
 * the browser under the server's file name. The caller's button stays busy until this settles; a
 * refusal arrives as an ApiError with the server's message.
 */
export async function saveDownload(
  endpoint: DownloadEndpoint,
  params?: Record<string, string | number>,
  query: Record<string, QueryValue> = {},
  /** Called with the bytes received so far, as they arrive: a long file (a survey pack) shows it is coming. */
  onProgress?: (bytes: number) => void,
): Promise<string> {
  const url = buildUrl(endpointPath(endpoint.path, params), { ...query, access_token: await newToken() });
  const correlationId = globalThis.crypto?.randomUUID?.() ?? String(Date.now());
  let response: Response;
  try {
    response = await fetch(url, { headers: { [TRACE_HEADER]: correlationId } });
  } catch {
    throw new ApiError({ url: endpoint.path, status: 0, correlationId, message: 'The server cannot be reached.' });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    // The token is in the address: the error keeps the path only.
    throw new ApiError({ url: endpoint.path, status: response.status, body, correlationId });
  }
  const blob = onProgress && response.body ? await readCounting(response, onProgress) : await response.blob();
  const name = attachmentName(response.headers.get('content-disposition')) ?? 'download';
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the object URL can go once this task ends.
  queueMicrotask(() => setTimeout(() => URL.revokeObjectURL(href)));
  return name;
}

/** The response's body read chunk by chunk, reporting the bytes received. */
async function readCounting(response: Response, onProgress: (bytes: number) => void): Promise<Blob> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}
