import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness check: answers without waiting for the database',
    tags: ['Health'],
    access: { public: true },
    response: z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }),
  }),
};
