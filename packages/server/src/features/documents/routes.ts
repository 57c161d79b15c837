import { documentEndpoints as e, UNKNOWN_CODES_PER_MINUTE } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { checkDocument, UnknownCodes } from './service.ts';

/** GET /Verify/{code}: public; unknown codes are limited per address (docs/security.md rule 30). */
export const documentRoutes: FeatureRoutes = (register, { db }) => {
  const unknownCodes = new UnknownCodes(UNKNOWN_CODES_PER_MINUTE);
  register(e.verify, ({ params, request }) => checkDocument(db, params.code, unknownCodes, request.ip));
};
