/**
 * The browsable API reference at /api/docs (Scalar), loaded with its first request. The package holds
 * its 5 MB browser bundle as one string in its module: imported at start, it cost the server about
 * 35 MB of memory for a page few people open (docs/performance.md "Memory").
 *
 * Its Fastify plugin is run once against a recorder of the routes it adds; our own routes, declared
 * at start (access: public, guard.ts), answer with the recorded handlers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Handler = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;

const CONFIGURATION = {
  url: '/api/openapi.json',
  // A self-contained reference: no telemetry, no AI agent, no external fonts or developer tools.
  telemetry: false,
  agent: { disabled: true },
  withDefaultFonts: false,
  showDeveloperTools: 'never',
  hideClientButton: true,
};
// The plugin's pages: the reference (its address with and without the slash) and its script.
const PAGES = ['/docs', '/docs/', '/docs/js/scalar.js'];

async function loadHandlers(api: FastifyInstance): Promise<Map<string, Handler>> {
  const { default: plugin } = await import('@scalar/fastify-api-reference');
  const handlers = new Map<string, Handler>();
  const recorder = {
    log: api.log,
    initialConfig: api.initialConfig,
    hasPlugin: () => false,
    route: (route: { url: string; handler: Handler }) => handlers.set(route.url, route.handler),
  };
  await new Promise<void>((resolve, reject) =>
    (plugin as unknown as (f: unknown, o: unknown, next: (e?: Error) => void) => void)(
      recorder,
      { routePrefix: '/docs', configuration: CONFIGURATION },
      (error) => (error ? reject(error) : resolve()),
    ),
  );
  return handlers;
}

export function registerApiDocs(api: FastifyInstance) {
  let handlers: Promise<Map<string, Handler>> | undefined;
  for (const page of PAGES) {
    api.get(page, { schema: { hide: true } }, async function (request, reply) {
      handlers ??= loadHandlers(api).catch((error: unknown) => {
        handlers = undefined;
        throw error;
      });
      const handler = (await handlers).get(page);
      if (!handler) throw new Error(`The API reference has no page ${page}`);
      return handler.call(this, request, reply);
    });
  }
}
