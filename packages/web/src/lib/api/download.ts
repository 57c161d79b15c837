import type { DownloadToken } from '@portal/contract';
import { api } from './client.ts';

/** POST /Account/DownloadToken: a single-use token, valid two minutes, for one download link. */
export const fetchDownloadToken = () => api.post<DownloadToken>('/Account/DownloadToken');

/** The address of a download with its token (links cannot send the bearer header). */
export function withDownloadToken(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
}

/**
 * Downloads a file or export: asks for a fresh token, then lets the browser fetch the address.
 * The server answers an attachment, so the page stays where it is.
 */
export async function startDownload(url: string): Promise<void> {
  const { token } = await fetchDownloadToken();
  window.location.assign(withDownloadToken(url, token));
}
