/**
 * Outgoing mail. Every mail is first written to `outbox_mails`; with SMTP_URL set it is then sent
 * with nodemailer and marked sent (or its error kept), without SMTP it stays in the outbox, which
 * development and tests read. Mails carry secrets (password links), so the log names only the
 * recipient and subject, never the body.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { outboxMails } from '../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailContext {
  db: Executor;
  config: Pick<Config, 'smtpUrl' | 'publicUrl'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** SMTP timeouts: a hanging mail server must not hold a request for the default 2 minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
const transports = new Map<string, Transporter>();

// nodemailer is loaded with the first mail sent, not with the server (docs/performance.md "Memory").
async function transportFor(smtpUrl: string): Promise<Transporter> {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    const { default: nodemailer } = await import('nodemailer');
    transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** The sender: the portal's own host name, as no separate sender address is configured. */
export function senderAddress(publicUrl: string): string {
  return `Rigging equipment portal <no-reply@${new URL(publicUrl).hostname}>`;
}

/** Writes the mail to the outbox; inside a transaction, pass the transaction, and deliver after commit. */
export async function queueMail(db: Executor, mail: Mail): Promise<number> {
  const [row] = await db
    .insert(outboxMails)
    .values({ to: mail.to, subject: mail.subject, body: mail.text })
    .returning({ id: outboxMails.id });
  return row.id;
}

/**
 * Sends a queued mail when SMTP is configured and records the outcome. Never throws: the action
 * that caused the mail has happened, and a failed mail stays in the outbox with its error.
 */
export async function deliverMail(ctx: MailContext, mailId: number): Promise<void> {
  const [mail] = await ctx.db.select().from(outboxMails).where(eq(outboxMails.id, mailId));
  if (!mail) return;
  if (!ctx.config.smtpUrl) {
    ctx.log.info({ mailId, to: mail.to, subject: mail.subject }, 'mail queued in the outbox (no SMTP_URL configured)');
    return;
  }
  try {
    await (await transportFor(ctx.config.smtpUrl)).sendMail({
      from: senderAddress(ctx.config.publicUrl),
      to: mail.to,
      subject: mail.subject,
      text: mail.body,
    });
    await ctx.db.update(outboxMails).set({ sentAt: new Date(), error: null }).where(eq(outboxMails.id, mailId));
    ctx.log.info({ mailId, to: mail.to, subject: mail.subject }, 'mail sent');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db.update(outboxMails).set({ error: message }).where(eq(outboxMails.id, mailId));
    ctx.log.warn({ mailId, to: mail.to, subject: mail.subject, error: message }, 'mail could not be sent; it stays in the outbox');
  }
}

/** Queues a mail and delivers it (outside a transaction). Answers the outbox id. */
export async function sendMail(ctx: MailContext, mail: Mail): Promise<number> {
  const mailId = await queueMail(ctx.db, mail);
  await deliverMail(ctx, mailId);
  return mailId;
}
