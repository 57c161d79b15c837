import { accountEndpoints as e } from '@portal/contract';
import { revokeSession } from '../../auth/sessions.ts';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { getCurrentUser, login } from './service.ts';
import { LoginThrottle } from './throttle.ts';

export const accountRoutes: FeatureRoutes = (register, { db, config }) => {
  const throttle = new LoginThrottle();
  register(e.login, ({ body, request }) => login(db, throttle, { ...body, ip: request.ip }), {
    config: { rateLimit: { max: config.loginsPerMinute, timeWindow: '1 minute' } },
  });
  register(e.logout, ({ user }) => revokeSession(db, user.sessionId));
  register(e.currentUser, ({ user }) => getCurrentUser(db, user.id));
};
