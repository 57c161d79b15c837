/**
 * The journeys' mail server: global-setup points the portal's SMTP_URL here, so every mail the
 * portal writes to its outbox is also delivered to this sink, and a journey reads it over HTTP
 * (`mailsTo`) as a user reads their inbox. Just enough SMTP to accept mail.
 */
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import net from 'node:net';
import { server } from './server.ts';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** Quoted-printable, as nodemailer writes lines over 76 characters (links). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function parseMail(raw: string, to: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4).replace(/^\.\./gm, '.');
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(headers)) body = decodeQuotedPrintable(body);
  const subject = headers.match(/^Subject: (.*)$/im)?.[1] ?? '';
  return { to, subject, text: body.replace(/\r\n/g, '\n') };
}

/** Starts the SMTP sink and its HTTP reader; answers their addresses and a stop function. */
export async function startMailbox() {
  const mails: ReceivedMail[] = [];
  const smtp = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to = '';
    socket.write('220 mailbox ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mails.push(parseMail(buffer.slice(0, end), to));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.toUpperCase();
        if (command.startsWith('EHLO')) socket.write('250-mailbox\r\n250 8BITMIME\r\n');
        else if (command.startsWith('RCPT TO:')) {
          to = line
            .slice(8)
            .replace(/[<>\s]/g, '')
            .toLowerCase();
          socket.write('250 OK\r\n');
        } else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp, 'listening');
  const http = createHttpServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://mailbox').searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mails.filter((mail) => mail.to === to)));
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const port = (server: net.Server | typeof http) => (server.address() as net.AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${port(smtp)}`,
    readerUrl: `http://127.0.0.1:${port(http)}`,
    stop: () => Promise.all([new Promise((resolve) => smtp.close(resolve)), new Promise((resolve) => http.close(resolve))]),
  };
}

/** The mails delivered to an address so far, oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${server().mailboxUrl}/?to=${encodeURIComponent(address)}`);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for the mail with this subject (delivery follows the answer) and answers its first link. */
export async function waitForLink(address: string, subject: string): Promise<URL> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(address)).findLast((candidate) => candidate.subject === subject);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail '${subject}' reached ${address}`);
}
