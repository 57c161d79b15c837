/**
 * Serves the built SPA at '/'. Unknown /api paths answer the JSON 404; any other unknown path gets
 * index.html, and the SPA shows its page-not-found screen.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

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
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: 'index.html', maxAge: '1h', immutable: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody(request, 404, `No API route ${request.method} ${request.url.split('?')[0]}`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
