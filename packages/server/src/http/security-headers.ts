/**
 * Security headers (helmet): a CSP without inline scripts, nosniff, frame-ancestors, referrer policy.
 * HSTS and `upgrade-insecure-requests` only on HTTPS (directly, or a proxy's X-Forwarded-Proto with
 * TRUST_PROXY) or with FORCE_HTTPS=1: sent over plain HTTP they break a LAN install without TLS.
 */
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const HSTS = 'max-age=31536000; includeSubDomains';
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP hash sources of a page's inline scripts, so exactly those may run and nothing injected. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => `'sha256-${createHash('sha256').update(match[1]).digest('base64')}'`);
}

export async function registerSecurityHeaders(app: FastifyInstance, options: { forceHttps: boolean }) {
  await app.register(helmet, {
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine and the API docs set inline styles; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  const secure = (request: FastifyRequest) => options.forceHttps || request.protocol === 'https';
  app.addHook('onSend', async (request, reply, payload) => {
    let csp = String(reply.getHeader('content-security-policy') ?? '');
    // The API reference page boots from one inline script: allowed by its hash, not by 'unsafe-inline'.
    if (request.url.startsWith('/api/docs') && typeof payload === 'string') {
      const hashes = inlineScriptHashes(payload);
      if (hashes.length) csp = csp.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`);
    }
    if (secure(request)) {
      reply.header('strict-transport-security', HSTS);
      csp = `${csp};upgrade-insecure-requests`;
    }
    if (csp) reply.header('content-security-policy', csp);
    return payload;
  });
}
