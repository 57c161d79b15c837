import { once } from 'node:events';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { outboxMails } from '../db/schema.ts';
import { sendMail } from './outbox.ts';

const t = await setupTestApp();

/** Just enough of an SMTP server to accept mail and keep what it received. */
async function startFakeSmtp() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const command = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (command.startsWith('EHLO')) socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${port}`, received };
}

function recordingLog() {
  const lines: { level: string; data: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (data: Record<string, unknown>, message: string) => lines.push({ level: 'info', data, message }),
    warn: (data: Record<string, unknown>, message: string) => lines.push({ level: 'warn', data, message }),
  } as any;
}

const mail = { to: 'someone@test.example', subject: 'Set your password', text: 'Secret link: http://portal.test/ResetPassword/1/abc' };

describe('sendMail', () => {
  it('without SMTP keeps the mail in the outbox and logs recipient and subject, never the body', async () => {
    const log = recordingLog();
    const id = await sendMail({ db: t.db, config: { smtpUrl: undefined, publicUrl: 'http://portal.test' }, log }, mail);
    const [row] = await t.db.select().from(outboxMails).where(eq(outboxMails.id, id));
    expect(row).toMatchObject({ to: mail.to, subject: mail.subject, body: mail.text, sentAt: null, error: null });
    expect(log.lines).toEqual([{ level: 'info', data: { mailId: id, to: mail.to, subject: mail.subject }, message: expect.any(String) }]);
    expect(JSON.stringify(log.lines)).not.toContain('ResetPassword');
  });

  it('with SMTP sends the mail and marks it sent', async () => {
    const smtp = await startFakeSmtp();
    const log = recordingLog();
    const id = await sendMail({ db: t.db, config: { smtpUrl: smtp.url, publicUrl: 'https://portal.example.com' }, log }, mail);
    const [row] = await t.db.select().from(outboxMails).where(eq(outboxMails.id, id));
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('Subject: Set your password');
    expect(smtp.received[0]).toContain('From: Rigging equipment portal <no-reply@portal.example.com>');
    expect(smtp.received[0]).toContain('http://portal.test/ResetPassword/1/abc');
    expect(JSON.stringify(log.lines)).not.toContain('ResetPassword');
  });

  it('keeps the error on the outbox row when the mail server cannot be reached, without throwing', async () => {
    const closed = net.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const log = recordingLog();
    const id = await sendMail({ db: t.db, config: { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'http://portal.test' }, log }, mail);
    const [row] = await t.db.select().from(outboxMails).where(eq(outboxMails.id, id));
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    expect(log.lines[0].level).toBe('warn');
  });
});
