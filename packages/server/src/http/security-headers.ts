/**
 * Security headers (helmet): a CSP without inline scripts, nosniff, frame-ancestors, referrer policy.
 * HSTS and `upgrade-insecure-requests` only on HTTPS (directly, or a proxy's X-Forwarded-Proto with
 * TRUST_PROXY) or with FORCE_HTTPS=1: sent over plain HTTP they break a LAN install without TLS.
 *
 * Helmet's headers are the same for every answer, so they are worked out once at start (helmet run
 * against a recording response) and set from that list: @fastify/helmet built helmet's middleware,
 * parsing the CSP directives, on every request (about 3% of the server's CPU on a light endpoint).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP hash sources of a page's inline scripts, so exactly those may run and nothing injected. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => `'sha256-${createHash('sha256').update(match[1]).digest('base64')}'`);
}

const helmetOptions: Parameters<typeof helmet>[0] = {
  strictTransportSecurity: false,
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Mantine and the API docs set inline styles; no inline scripts are allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      scriptSrc: ["'self'"],
      // The service worker (/sw.js) and the web app manifest are the app's own files (decision 078).
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
};

/** The headers helmet sets with these options, in its order (its middleware, run once on a recorder). */
export function helmetHeaders(options = helmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, options: { forceHttps: boolean }) {
  const headers = Object.fromEntries(helmetHeaders());
  const csp = headers['Content-Security-Policy'] ?? '';
  delete headers['Content-Security-Policy'];
  const secure = (request: FastifyRequest) => options.forceHttps || request.protocol === 'https';
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    let policy = csp;
    // The API reference page boots from one inline script: allowed by its hash, not by 'unsafe-inline'.
    if (request.url.startsWith('/api/docs') && typeof payload === 'string') {
      const hashes = inlineScriptHashes(payload);
      if (hashes.length) policy = policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`);
    }
    if (secure(request)) {
      reply.header('strict-transport-security', HSTS);
      policy = `${policy};upgrade-insecure-requests`;
    }
    reply.header('content-security-policy', policy);
    done(null, payload);
  });
}
