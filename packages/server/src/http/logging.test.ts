import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { createUser } from '../../test/factories.ts';
import { buildApp, loggerOptions } from '../app.ts';
import { readConfig } from '../config.ts';
import { redactUrl } from './logging.ts';

describe('logs', () => {
  it('carry the correlation id on every line of a request and never a secret', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...chunk.toString().trim().split('\n'));
        done();
      },
    });
    const handle = await createTestDatabase();
    const app = await buildApp({
      db: handle.db,
      databaseReady: handle.ready,
      config: readConfig({}),
      logger: { ...loggerOptions('debug'), stream },
    });
    const user = await createUser(handle.db, { password: 'Very-secret-pass' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      headers: { 'x-correlation-id': 'corr-1' },
      payload: { username: user.email, password: user.password },
    });
    const token = login.json().token;
    await app.inject({
      url: '/api/Equipment/Chip/ABCDEF0123456789?access_token=secret-download',
      headers: { authorization: `Bearer ${token}`, 'x-correlation-id': 'corr-2' },
    });
    // A streamed download (an Excel report) by a single-use token: sent once, nothing logged as a warning.
    const download = (
      await app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: `Bearer ${token}` } })
    ).json().token as string;
    const excel = await app.inject({ url: `/api/Report/redEquipment/excel?access_token=${download}` });
    expect(excel.statusCode).toBe(200);
    await app.close();
    await handle.close();
    const text = lines.join('\n');
    for (const secret of ['Very-secret-pass', token, 'ABCDEF0123456789', 'secret-download', download]) expect(text).not.toContain(secret);
    expect(lines.map((line) => JSON.parse(line)).filter((line) => line.level >= 40)).toEqual([]);
    const requestLines = lines.map((line) => JSON.parse(line)).filter((line) => line.correlationId === 'corr-1');
    expect(requestLines.length).toBeGreaterThanOrEqual(2); // incoming request and completed
  });

  it('redacts tokens, codes and chip ids in URLs', () => {
    expect(redactUrl('/api/Export/1?access_token=abc&trace=true')).toBe('/api/Export/1?access_token=[redacted]&trace=true');
    expect(redactUrl('/api/Equipment/Chip/00AA11BB22CC33DD')).toBe('/api/Equipment/Chip/[redacted]');
    expect(redactUrl('/ResetPassword/12/secretcode')).toBe('/ResetPassword/12/[redacted]');
    expect(redactUrl('/api/Account/SetUserChip/12/00AA11BB22CC33DD')).toBe('/api/Account/SetUserChip/12/[redacted]');
  });
});
