/** Label sheets (docs/labels.md): a certificate's or an event's items as QR labels, and where the codes link. */
import { effectiveAge, type LabelLayout, type LabelLinkAnswer, labelMessages, qrLabelText, todayUtc } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Label } from './labels.ts';
import { sendLabelSheet } from './pdf-writer.ts';
import { type LabelItem, selectCertificateLabelItems, selectEventLabelItems } from './queries.ts';
import { type Caller, eventOrMissing, eventTitle } from './service.ts';

/** The item's page, as the QR code links to it: the stamped id encoded, so an id with a slash stays one segment. */
export const itemLink = (publicUrl: string, stampedId: string) => `${publicUrl}/Equipment/${encodeURIComponent(stampedId)}`;

/** PUBLIC_URL on this machine only: a printed label would link to nowhere from a phone. */
export function labelLinks(publicUrl: string): LabelLinkAnswer {
  const host = new URL(publicUrl).hostname;
  return {
    linkBase: `${publicUrl}/Equipment/`,
    pointsToLocalhost: host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.'),
  };
}

function toLabels(items: LabelItem[], publicUrl: string): Label[] {
  const today = todayUtc();
  if (items.length === 0) throw new AppError(400, labelMessages.noItems);
  return items.map((item) => {
    const { dateLastReset } = effectiveAge({ dateSigned: item.dateSigned, events: item.reset ? [item.reset] : [], today });
    return {
      text: qrLabelText(item.stampedId, item.quality, dateLastReset ?? item.dateSigned),
      stampedId: item.stampedId,
      link: itemLink(publicUrl, item.stampedId),
    };
  });
}

export async function sendCertificateLabels(
  db: Executor,
  caller: Caller & { publicUrl: string },
  id: number,
  layout: LabelLayout,
  reply: FastifyReply,
) {
  const found = await selectCertificateLabelItems(db, id, caller.scope);
  if (!found) throw notFound('The certificate');
  const title = `Labels ${found.number}`;
  return sendLabelSheet(reply, `${title}.pdf`, layout, toLabels(found.items, caller.publicUrl), title);
}

export async function sendEventLabels(
  db: Executor,
  caller: Caller & { publicUrl: string },
  id: number,
  layout: LabelLayout,
  reply: FastifyReply,
) {
  const event = await eventOrMissing(db, id);
  const title = `Labels ${eventTitle(event)}`;
  return sendLabelSheet(
    reply,
    `${title}.pdf`,
    layout,
    toLabels(await selectEventLabelItems(db, id, caller.scope), caller.publicUrl),
    title,
  );
}
