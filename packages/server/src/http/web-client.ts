/**
 * Serves the built SPA at '/'. Unknown /api and /assets paths answer the JSON 404 (a missing script
 * or style is not the app's page: a browser would run HTML as a script, and a cache would keep it);
 * any other unknown path gets index.html, and the SPA shows its page-not-found screen.
 *
 * The build writes a brotli and a gzip copy beside each text file (packages/web/scripts/after-build.mjs);
 * the one the browser accepts is sent, with `Content-Encoding` and `Vary: Accept-Encoding`. Files under
 * /assets/ have a content hash in their name, so browsers keep them for a year without asking again;
 * index.html (and anything else) is revalidated on every load, so a release shows at once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from './errors.ts';

const HASHED = `${path.sep}assets${path.sep}`;

function setCaching(reply: FastifyReply, filePath: string) {
  reply.header('cache-control', filePath.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

export async function registerWebClient(app: FastifyInstance, webDist: string | undefined) {
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) {
    app.setNotFoundHandler((request, reply) => {
      const message = request.url.startsWith('/api')
        ? `No API route ${request.method} ${request.url.split('?')[0]}`
        : 'The web client is not built: run npm run build';
      return reply.status(404).send(errorBody(request, 404, message));
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: 'index.html',
    preCompressed: true,
    cacheControl: false,
    setHeaders: setCaching,
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody(request, 404, `No API route ${request.method} ${request.url.split('?')[0]}`));
    }
    if (request.url.startsWith('/assets/')) {
      return reply.status(404).send(errorBody(request, 404, `No file ${request.url.split('?')[0]}`));
    }
    return reply.sendFile('index.html');
  });
}
