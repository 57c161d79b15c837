import { exportEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { sendEquipmentExcel, sendEquipmentPdf, sendEventExcel, sendEventPdf } from './service.ts';

export const exportRoutes: FeatureRoutes = (register, { db }) => {
  register(e.eventExcel, ({ user, scope, params, query, reply }) => sendEventExcel(db, { user, scope }, params.id, query, reply));
  register(e.eventPdf, ({ user, scope, params, query, reply }) => sendEventPdf(db, { user, scope }, params.id, query, reply));
  register(e.equipmentExcel, ({ user, scope, params, reply }) => sendEquipmentExcel(db, { user, scope }, params.id, reply));
  register(e.equipmentPdf, ({ user, scope, params, reply }) => sendEquipmentPdf(db, { user, scope }, params.id, reply));
};
