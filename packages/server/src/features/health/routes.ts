import { healthEndpoints as e, messages } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Readiness for a load balancer: 200 while the database answers, 503 while it does not. A database
 * busy with a long query counts as answering (`probeDatabase`), so this never waits behind it.
 */
export const healthRoutes: FeatureRoutes = (register, { databaseReady }) => {
  register(e.health, async () => {
    if (!(await databaseReady())) throw new AppError(503, messages.databaseUnavailable);
    return { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
  });
};
