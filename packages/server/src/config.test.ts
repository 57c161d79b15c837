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

  it('TRUST_PROXY names the proxies by address or CIDR; the old count of hops is refused with the new form', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(readConfig({ TRUST_PROXY: ' 127.0.0.1, 10.1.0.0/16,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => readConfig({ TRUST_PROXY: '1' })).toThrow(/no longer takes a number of proxy hops.*TRUST_PROXY=10\.0\.0\.5/);
    for (const bad of ['10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1', '10.0.0.1,,10.0.0.2', 'true'])
      expect(() => readConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must name addresses or CIDRs/);
  });
});
