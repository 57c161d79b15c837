import {
  reportEndpoints as e,
  predictedDiscardEndpoints as p,
  reportExcelEndpoints,
  reportNameList,
  reportTableEndpoints,
} from '@portal/contract';
import { scopeOf } from '../../auth/scope.ts';
import { coversOwner } from '../../db/scope.ts';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { selectLastEventStatus } from './general-queries.ts';
import { getPredictedDiscard, sendPredictedDiscardExcel } from './predicted-discard.ts';
import {
  getCatalogue,
  getEquipmentHistory,
  getGeneralReport,
  getReport,
  reportScope,
  sendGeneralExcel,
  sendReportExcel,
} from './service.ts';
import { readReportSettings, readScopedReportSettings, saveScopedReportSettings } from './settings.ts';

export const reportRoutes: FeatureRoutes = (register, { db }) => {
  for (const name of reportNameList) {
    register(reportTableEndpoints[name], ({ user, scope, query }) => getReport(db, name, { user, scope }, query));
    register(reportExcelEndpoints[name], ({ user, scope, query, reply }) => sendReportExcel(db, name, { user, scope }, query.owner, reply));
  }
  register(p.predictedDiscard, ({ scope, query }) => getPredictedDiscard(db, scope, query));
  register(p.predictedDiscardExcel, ({ scope, query, reply }) => sendPredictedDiscardExcel(db, scope, query, reply));
  register(e.general, ({ user, scope, params, body }) => getGeneralReport(db, { user, scope }, params.id, body));
  register(e.catalogue, ({ scope }) => getCatalogue(db, scope));
  register(e.generalDetails, ({ user, scope, params }) => getEquipmentHistory(db, { user, scope }, params.id, params.x));
  register(e.generalExcel, ({ user, scope, params, query, reply }) => sendGeneralExcel(db, { user, scope }, params.id, query, reply));
  register(e.lastEventStatus, ({ scope, body }) => selectLastEventStatus(db, scope, body));
  register(e.mooringSpreads, async ({ scope, query }) => {
    const visible = reportScope(scope, query.owner);
    const { mooringSpreads } = await readReportSettings(db);
    return { spreads: mooringSpreads.filter((spread) => coversOwner(visible, spread.ownerId)) };
  });
  register(e.settings, ({ user }) => readScopedReportSettings(db, scopeOf(user)));
  register(e.saveSettings, ({ user, body }) => saveScopedReportSettings(db, body, { scope: scopeOf(user), email: user.email }));
};
