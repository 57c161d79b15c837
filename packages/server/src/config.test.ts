import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('configuration', () => {
  it('allows 20 sign-in attempts a minute per address unless LOGINS_PER_MINUTE says otherwise', () => {
    expect(readConfig({}).loginsPerMinute).toBe(20);
    expect(readConfig({ LOGINS_PER_MINUTE: '600' }).loginsPerMinute).toBe(600);
    for (const bad of ['0', '-5', '2.5', 'many', '']) expect(readConfig({ LOGINS_PER_MINUTE: bad }).loginsPerMinute).toBe(20);
  });

  it('keeps backups in BACKUP_DIR (default ./backups), BACKUP_RETAIN of each kind (default 7), daily at BACKUP_DAILY_AT UTC (default 02:00)', () => {
    const defaults = readConfig({});
    expect(defaults.backupDir).toBe(path.resolve('backups'));
    expect(defaults.backupRetain).toBe(7);
    expect(defaults.backupDailyAt).toBe('02:00');
    const set = readConfig({ BACKUP_DIR: '/srv/backups', BACKUP_RETAIN: '30', BACKUP_DAILY_AT: '23:15' });
    expect(set).toMatchObject({ backupDir: '/srv/backups', backupRetain: 30, backupDailyAt: '23:15' });
    expect(readConfig({ BACKUP_DAILY_AT: 'off' }).backupDailyAt).toBeNull();
    expect(() => readConfig({ BACKUP_DAILY_AT: '25:00' })).toThrow(/BACKUP_DAILY_AT/);
  });
});
