import { notificationEndpoints as e, type NotificationPage } from '@portal/contract';
import { presentAudit } from '../../db/audit.ts';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { selectNotificationPage } from './queries.ts';

export const notificationRoutes: FeatureRoutes = (register, { db }) => {
  register(e.list, async ({ user, scope, query }): Promise<NotificationPage> => {
    const { rows, total } = await selectNotificationPage(db, { ...query, scope });
    const items = rows.map(({ statusId, statusName, statusColor, ...row }) => {
      const description = [row.certificateType, row.certificateSubType, row.dimensionName].filter(Boolean).join(' ') || null;
      const status = statusId !== null ? { id: statusId, name: statusName ?? '', color: statusColor ?? 'default' } : null;
      return presentAudit({ ...row, eventComponentId: Number(row.eventComponentId), description, status }, user);
    });
    return { items, total, page: query.page, pageSize: query.pageSize };
  });
};
