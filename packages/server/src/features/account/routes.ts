import { accountEndpoints as e } from '@portal/contract';
import { revokeSession } from '../../auth/sessions.ts';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { changePassword, forgotPassword, resetPassword } from './passwords.ts';
import { getCurrentUser, login } from './service.ts';
import { LoginThrottle } from './throttle.ts';

/** Per address: forgot, reset and change password each allow this many calls in 15 minutes (docs/account.md). */
export const PASSWORD_CALLS_PER_WINDOW = 10;
const perAddress = { config: { rateLimit: { max: PASSWORD_CALLS_PER_WINDOW, timeWindow: '15 minutes' } } };

export const accountRoutes: FeatureRoutes = (register, { db, config, answers }) => {
  const throttle = new LoginThrottle();
  register(e.login, ({ body, request }) => login(db, throttle, { ...body, ip: request.ip }), {
    config: { rateLimit: { max: config.loginsPerMinute, timeWindow: '1 minute' } },
  });
  register(e.logout, ({ user }) => revokeSession(db, user.sessionId));
  register(e.currentUser, ({ user }) => getCurrentUser(db, user, answers));
  register(e.forgotPassword, ({ body, request }) => forgotPassword({ db, config, log: request.log }, body.username), perAddress);
  register(e.resetPassword, ({ body }) => resetPassword(db, body), perAddress);
  register(e.changePassword, ({ user, body }) => changePassword(db, { user, body }), perAddress);
};
