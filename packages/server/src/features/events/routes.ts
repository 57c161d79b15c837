import { errorBody, eventCodeTables, eventFilterQuery, eventFilters, eventPage, pageQuery, type RouteAccess } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { selectCodeTables, selectEventFilters, selectEventPage } from './queries.ts';

const tags = ['Events'];
/** The events list is for internal staff with Read level or above (spec section 6). */
const readEvents: RouteAccess = { level: 'Read', internal: true };
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

export async function eventRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Events',
    {
      config: { access: readEvents },
      schema: { tags, summary: 'All events, newest first, one page', querystring: pageQuery, response: { 200: eventPage, ...errors } },
    },
    async (request) => ({ ...(await selectEventPage(db, request.query)), ...request.query }),
  );

  r.get(
    '/Events/byFilter',
    {
      config: { access: readEvents },
      schema: {
        tags,
        summary: 'Events filtered by user (email), event type and rig, one page',
        querystring: eventFilterQuery,
        response: { 200: eventPage, ...errors },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return { ...(await selectEventPage(db, request.query)), page, pageSize };
    },
  );

  r.get(
    '/Events/getFilters',
    {
      config: { access: readEvents },
      schema: { tags, summary: 'Values for the events list filters', response: { 200: eventFilters, ...errors } },
    },
    () => selectEventFilters(db),
  );

  r.get(
    '/Events/codetables',
    {
      config: { access: readEvents },
      schema: { tags, summary: 'Projects, rigs and event types for the event form', response: { 200: eventCodeTables, ...errors } },
    },
    () => selectCodeTables(db),
  );
}
