/**
 * Structured logs (pino) with secrets kept out: authorization headers, tokens, passwords and
 * chip codes never reach a log line, whether in headers, bodies or URLs.
 */
import type { FastifyRequest } from 'fastify';

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.confirmPassword',
  '*.token',
  '*.code',
  '*.chipId',
];

/** Strips tokens, codes and chip ids from a URL before it is logged. */
export function redactUrl(url: string): string {
  return (
    url
      .replace(/([?&](?:access_token|token|code)=)[^&]*/gi, '$1[redacted]')
      .replace(/(\/(?:Chip|Chips|RemoveChip)\/)[^/?]+/gi, '$1[redacted]')
      // SetUserChip/{userId}/{chipId}: the chip code is the second segment.
      .replace(/(\/SetUserChip\/[^/?]+\/)[^/?]+/gi, '$1[redacted]')
      .replace(/(\/ResetPassword\/[^/]+\/)[^/?]+/gi, '$1[redacted]')
  );
}

export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}
