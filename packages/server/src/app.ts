/** Builds the Fastify app: plugins, the error model, access control, API routes and the web client. */
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { TRACE_HEADER } from '@portal/contract';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type DeclaredRoute, registerAccessControl } from './auth/guard.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { AppContext } from './context.ts';
import { AnswerCaches } from './db/answer-cache.ts';
import { accountRoutes } from './features/account/routes.ts';
import { backupRoutes } from './features/backups/routes.ts';
import { caseDuplicateRoutes } from './features/case-duplicates/routes.ts';
import { certificateRoutes } from './features/certificates/routes.ts';
import { chipRoutes } from './features/chips/routes.ts';
import { documentRoutes } from './features/documents/routes.ts';
import { dueDateRoutes } from './features/due-dates/routes.ts';
import { equipmentRoutes } from './features/equipment/routes.ts';
import { equipmentTagRoutes } from './features/equipment-tags/routes.ts';
import { eventItemRoutes } from './features/event-items/routes.ts';
import { eventRoutes } from './features/events/routes.ts';
import { exportRoutes } from './features/exports/routes.ts';
import { fileRoutes } from './features/files/routes.ts';
import { folderRoutes } from './features/folders/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { measurementRoutes } from './features/measurements/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { ownerRoutes } from './features/owners/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { unlinkedRoutes } from './features/unlinked/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { type FeatureRoutes, registrarFor } from './http/endpoints.ts';
import { registerErrorHandling } from './http/errors.ts';
import { FairUse } from './http/fair-use.ts';
import { IdempotentAnswers } from './http/idempotency.ts';
import { redactPaths, serializeRequest } from './http/logging.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerUploads } from './http/uploads.ts';
import { registerWebClient } from './http/web-client.ts';

/** Each feature registers its endpoints of the contract (`packages/contract/src/endpoints.ts`). */
const featureRoutes: FeatureRoutes[] = [
  healthRoutes,
  documentRoutes,
  accountRoutes,
  eventRoutes,
  ownerRoutes,
  folderRoutes,
  userRoutes,
  fileRoutes,
  equipmentTagRoutes,
  certificateRoutes,
  searchRoutes,
  unlinkedRoutes,
  caseDuplicateRoutes,
  equipmentRoutes,
  chipRoutes,
  eventItemRoutes,
  notificationRoutes,
  reportRoutes,
  exportRoutes,
  backupRoutes,
  dueDateRoutes,
  measurementRoutes,
];

export interface BuildAppOptions extends Omit<AppContext, 'answers'> {
  /** pino options, or false for no logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web client; not served when absent. */
  webDist?: string;
  /** Signed-in users kept between requests (auth/session-cache.ts); closed with the app. Without it every request reads its session. */
  sessions?: SessionCache;
  /** Light answers kept between requests (db/answer-cache.ts); closed with the app. Without it they are read on every request. */
  answers?: AnswerCaches;
}

const CORRELATION_ID = /^[\w.:-]{1,128}$/;

export async function buildApp(options: BuildAppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    // The client's trace header, when well-formed, is the correlation id of every log line and error.
    genReqId: (req) => {
      const header = req.headers[TRACE_HEADER];
      return typeof header === 'string' && CORRELATION_ID.test(header) ? header : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the named proxies (TRUST_PROXY); any other peer is the client.
    trustProxy: options.config.trustProxy,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(TRACE_HEADER, request.id);
    // API answers are per user and per moment: no browser or proxy keeps them (downloads set their own).
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const declaredRoutes: DeclaredRoute[] = [];
  registerAccessControl(app, options.db, declaredRoutes, options.sessions);
  if (options.sessions) {
    const sessions = options.sessions;
    app.addHook('onClose', () => sessions.close());
  }
  const answers = options.answers ?? new AnswerCaches();
  app.addHook('onClose', () => answers.close());

  await registerSecurityHeaders(app, { forceHttps: options.config.forceHttps });
  // Answers above about 1 KB are compressed when the client accepts it (JSON lists, the API docs).
  // Brotli at quality 4 costs about as little CPU as gzip; the web client's files are compressed at
  // build time instead (web-client.ts), and downloads (PDF, Excel) are not compressible types.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, { global: false });
  await registerUploads(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Rigging equipment portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const context: AppContext = {
    db: options.db,
    config: options.config,
    databaseReady: options.databaseReady,
    databaseSnapshot: options.databaseSnapshot,
    answers,
  };
  const fairUse = new FairUse();
  await app.register(
    async (api) => {
      const register = registrarFor(api, { fairUse, idempotent: new IdempotentAnswers(options.db) });
      for (const routes of featureRoutes) routes(register, context);
      api.get('/openapi.json', { config: { access: { public: true } }, schema: { hide: true } }, () => app.swagger());
      registerApiDocs(api);
    },
    { prefix: '/api' },
  );
  await registerWebClient(app, options.webDist);

  app.decorate('declaredRoutes', declaredRoutes);
  app.decorate('fairUse', fairUse);
  return app;
}

export const requestSerializer = serializeRequest;
export const loggerOptions = (level: string) => ({
  level,
  redact: { paths: redactPaths, censor: '[redacted]' },
  serializers: { req: serializeRequest },
});

declare module 'fastify' {
  interface FastifyInstance {
    declaredRoutes: DeclaredRoute[];
    /** Each user's heavy calls running on this instance (http/fair-use.ts). */
    fairUse: FairUse;
  }
}
