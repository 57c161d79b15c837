import { exportEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { sendItemEvidence } from './evidence.ts';
import { labelLinks, sendCertificateLabels, sendEventLabels } from './label-sheets.ts';
import { sendEquipmentExcel, sendEquipmentPdf, sendEventExcel, sendEventPdf } from './service.ts';
import { sendSurveyPack } from './survey-pack.ts';
import { selectPackRigs } from './survey-pack-queries.ts';

export const exportRoutes: FeatureRoutes = (register, { db, config }) => {
  const { publicUrl } = config;
  register(e.eventExcel, ({ user, scope, params, query, reply }) => sendEventExcel(db, { user, scope }, params.id, query, reply));
  register(e.eventPdf, ({ user, scope, params, query, reply }) => sendEventPdf(db, { user, scope, publicUrl }, params.id, query, reply));
  register(e.equipmentExcel, ({ user, scope, params, reply }) => sendEquipmentExcel(db, { user, scope }, params.id, reply));
  register(e.equipmentPdf, ({ user, scope, params, reply }) => sendEquipmentPdf(db, { user, scope }, params.id, reply));
  register(e.itemEvidence, ({ user, scope, params, reply }) => sendItemEvidence(db, { user, scope, publicUrl }, params.id, reply));
  register(e.surveyPackRigs, ({ scope }) => selectPackRigs(db, scope));
  register(e.surveyPack, ({ user, scope, query, reply }) => sendSurveyPack(db, { user, scope, publicUrl }, query, reply));
  register(e.certificateLabels, ({ user, scope, params, query, reply }) =>
    sendCertificateLabels(db, { user, scope, publicUrl }, params.id, query.layout, reply),
  );
  register(e.eventLabels, ({ user, scope, params, query, reply }) =>
    sendEventLabels(db, { user, scope, publicUrl }, params.id, query.layout, reply),
  );
  register(e.labelLinks, () => labelLinks(publicUrl));
};
