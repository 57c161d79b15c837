import { EVENT_IMPORT_FILE_MAX_BYTES, eventItemEndpoints as e, eventItemMessages } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { readImageUpload, readTextUpload } from '../../http/uploads.ts';
import * as adding from './adding.ts';
import * as service from './service.ts';

export const eventItemRoutes: FeatureRoutes = (register, { db }) => {
  register(e.itemsForEdit, ({ scope, params }) => service.getItemsForEdit(db, params.eventId, scope));
  register(e.details, ({ scope, params }) => service.getItem(db, params.eventId, params.id, scope));
  register(e.equipmentDetails, ({ params }) => service.getEquipmentDetails(db, params.eventId));
  register(e.checkStampedId, ({ scope, params }) => adding.checkStampedId(db, params.eventId, params.stampedId, scope));
  register(e.add, ({ user, scope, params, body }) => adding.addItem(db, { eventId: params.eventId, ...body, user, scope }));
  register(e.update, ({ user, scope, params, body }) =>
    service.updateItem(db, { eventId: params.eventId, id: params.id, body, user, scope }),
  );
  register(e.delete, ({ scope, params }) => service.deleteItem(db, { eventId: params.eventId, id: params.id, scope }));
  register(e.setStatusOnAll, ({ user, scope, params, body }) =>
    service.setStatusOnAll(db, { eventId: params.eventId, statusId: body.statusId, user, scope }),
  );
  register(e.series, ({ user, scope, params, query, body }) =>
    adding.addSeries(db, { eventId: params.eventId, body, statusId: body.statusId, user, scope, dryRun: query.dryRun }),
  );
  register(e.importItems, ({ user, scope, params, query, body }) =>
    adding.importItems(db, { eventId: params.eventId, ...body, user, scope, dryRun: query.dryRun }),
  );
  register(e.importAndValidate, async ({ scope, params, request }) => {
    const text = await readTextUpload(request, { maxBytes: EVENT_IMPORT_FILE_MAX_BYTES, notText: eventItemMessages.importNotText });
    return adding.validateImport(db, params.eventId, text, scope);
  });
  register(e.move, ({ params, query }) => service.moveItem(db, { eventId: params.eventId, id: params.id, sequence: query.sequence }));
  register(e.addImage, async ({ user, scope, params, request }) => {
    // Item images are pictures; a PDF belongs on the event itself.
    const upload = await readImageUpload(request);
    return service.addImage(db, { eventId: params.eventId, id: params.id, upload, user, scope });
  });
  register(e.deleteImage, ({ user, scope, params }) => service.deleteImage(db, { ...params, user, scope }));
};
