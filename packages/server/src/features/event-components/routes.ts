import { EVENT_IMPORT_FILE_MAX_BYTES, eventComponentEndpoints as e, eventItemMessages } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { readImageUpload, readTextUpload } from '../../http/uploads.ts';
import * as service from './service.ts';

export const eventComponentRoutes: FeatureRoutes = (register, { db }) => {
  register(e.chipsForEdit, ({ params }) => service.getChipsForEdit(db, params.eventId));
  register(e.details, ({ params }) => service.getComponent(db, params.eventId, params.id));
  register(e.equipmentDetails, ({ params }) => service.getEquipmentDetails(db, params.eventId));
  register(e.checkStampedId, ({ params }) => service.checkStampedId(db, params.eventId, params.stampedId));
  register(e.add, ({ user, params, body }) => service.addComponent(db, { eventId: params.eventId, ...body, user }));
  register(e.update, ({ user, params, body }) => service.updateComponent(db, { eventId: params.eventId, id: params.id, body, user }));
  register(e.delete, ({ params }) => service.deleteComponent(db, { eventId: params.eventId, id: params.id }));
  register(e.setStatusOnAll, ({ user, params, body }) =>
    service.setStatusOnAll(db, { eventId: params.eventId, statusId: body.statusId, user }),
  );
  register(e.series, ({ user, params, query, body }) =>
    service.addSeries(db, { eventId: params.eventId, body, statusId: body.statusId, user, dryRun: query.dryRun }),
  );
  register(e.importComponents, ({ user, params, query, body }) =>
    service.importComponents(db, { eventId: params.eventId, ...body, user, dryRun: query.dryRun }),
  );
  register(e.importAndValidate, async ({ params, request }) => {
    const text = await readTextUpload(request, { maxBytes: EVENT_IMPORT_FILE_MAX_BYTES, notText: eventItemMessages.importNotText });
    return service.validateImport(db, params.eventId, text);
  });
  register(e.move, ({ params, query }) => service.moveComponent(db, { eventId: params.eventId, id: params.id, sequence: query.sequence }));
  register(e.addImage, async ({ user, params, request }) => {
    // Item images are pictures; a PDF belongs on the event itself.
    const upload = await readImageUpload(request);
    return service.addImage(db, { eventId: params.eventId, id: params.id, upload, user });
  });
  register(e.deleteImage, ({ user, params }) => service.deleteImage(db, { ...params, user }));
};
