import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('configuration', () => {
  it('allows 20 sign-in attempts a minute per address unless LOGINS_PER_MINUTE says otherwise', () => {
    expect(readConfig({}).loginsPerMinute).toBe(20);
    expect(readConfig({ LOGINS_PER_MINUTE: '600' }).loginsPerMinute).toBe(600);
    for (const bad of ['0', '-5', '2.5', 'many', '']) expect(readConfig({ LOGINS_PER_MINUTE: bad }).loginsPerMinute).toBe(20);
  });
});
