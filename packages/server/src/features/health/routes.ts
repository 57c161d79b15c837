import { healthEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';

/**
 * Liveness only: it must answer while the database is busy with a long query (the embedded
 * database has a single connection), so it does not wait for the database.
 */
export const healthRoutes: FeatureRoutes = (register) => {
  register(e.health, () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }));
};
