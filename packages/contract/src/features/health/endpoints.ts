import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';

export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Readiness: 200 while the database answers, 503 while it does not',
    tags: ['Health'],
    access: { public: true },
    errors: [503],
    response: z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }),
  }),
};
