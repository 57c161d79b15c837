/**
 * The PDF worker process (decision 092): stopped when idle and forked again for the next PDF, shared by
 * PDFs asked for at once, and a crash fails only the documents it had. The idle time is a few
 * milliseconds here; the tests wait for what happens, never for a duration.
 */
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCertificate, createEquipment } from '../../../test/factories-items.ts';
import { pdfQrCodes, pdfText } from '../../../test/pdf.ts';
import { pdfWorkerState } from './pdf-process.ts';
import { startPdfStream } from './pdf-writer.ts';

const t = await setupTestApp();
const { certificate } = await createCertificate(t.db, { certificateNumber: 'PROC-1', quality: 'R4' });
await createEquipment(t.db, { stampedId: 'PROC-CH-1', certificateId: certificate.id });
// Six users: one user may have only two exports running at once (fair use).
const users = await Promise.all(Array.from({ length: 6 }, () => t.loginAs({ level: 'Events' })));

async function labelSheet(_?: unknown, user = 0) {
  const token = (
    await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: users[user].authorization } })
  ).json().token as string;
  return t.app.inject({ url: `/api/Export/Labels/Certificate/${certificate.id}?access_token=${token}` });
}

/** A label sheet as a person reads it: its text and where its QR code leads. */
function expectWhole(response: Awaited<ReturnType<typeof labelSheet>>) {
  expect(response.statusCode, response.body).toBe(200);
  expect(pdfText(response.rawPayload)).toContain('PROC CH 1 R4');
  expect(pdfQrCodes(response.rawPayload)).toEqual(['http://portal.test/Equipment/PROC-CH-1']);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const stopped = (pid: number) =>
  vi.waitFor(() => expect(pdfWorkerState().pid === pid || alive(pid)).toBe(false), { timeout: 30_000, interval: 20 });

beforeEach(() => {
  vi.stubEnv('PDF_WORKER_IDLE_MS', '5');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the PDF worker process', () => {
  it('stops once no PDF is open, and the next PDF forks a new one that answers it whole', async () => {
    expectWhole(await labelSheet());
    const first = pdfWorkerState().pid as number;
    expect(first).toBeGreaterThan(0);
    await stopped(first);
    expectWhole(await labelSheet());
    expect(pdfWorkerState().pid).not.toBe(first);
  });

  it('answers PDFs asked for at once and one after the other while it stops and starts again', async () => {
    vi.stubEnv('PDF_WORKER_IDLE_MS', '0');
    for (const response of await Promise.all(Array.from({ length: 6 }, (_, user) => labelSheet(null, user)))) expectWhole(response);
    for (let i = 0; i < 4; i++) expectWhole(await labelSheet());
  });

  it('fails the documents open when it crashes; the next PDF works', async () => {
    const open = startPdfStream('portrait', 'Open when the worker crashed');
    open.fields([['Item', 'PROC-CH-1']]);
    const read = text(open.output);
    process.kill(pdfWorkerState().pid as number, 'SIGKILL');
    await expect(read).rejects.toThrow('The PDF worker stopped (SIGKILL)');
    await expect(open.sent).rejects.toThrow();
    expectWhole(await labelSheet());
  });

  it('answers 503 for a PDF whose worker crashed before its first bytes, not a broken download', async () => {
    // A document held open keeps the worker; stopped, it cannot answer the request's document.
    const holder = startPdfStream('portrait', 'Holder');
    const held = text(holder.output);
    const pid = pdfWorkerState().pid as number;
    process.kill(pid, 'SIGSTOP');
    const response = labelSheet();
    await vi.waitFor(() => expect(pdfWorkerState().documents).toBe(2), { timeout: 30_000, interval: 10 });
    process.kill(pid, 'SIGKILL');
    const answered = await response;
    expect(answered.statusCode).toBe(503);
    expect(answered.json().message).toBe('The PDF could not be made. Please try again.');
    await expect(held).rejects.toThrow('The PDF worker stopped');
    expectWhole(await labelSheet());
  });
});
