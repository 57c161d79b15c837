import { loginBody } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { lazyZodRules } from './lazyZodRules.ts';
import { OK } from './validation.ts';

const check = (rules: ReturnType<typeof lazyZodRules>, field: string, value: unknown) =>
  (rules as Record<string, ((...args: unknown[]) => unknown)[]>)[field][0](value, {}, new AbortController().signal);

describe('lazyZodRules', () => {
  it('loads the schema once, at the first check, and answers with its messages', async () => {
    const load = vi.fn(async () => loginBody);
    const rules = lazyZodRules(load, ['username', 'password']);
    expect(load).not.toHaveBeenCalled();
    expect(await check(rules, 'username', '')).toEqual({ severity: 'Error', message: 'Username is required' });
    expect(await check(rules, 'username', 'events@demo.example')).toEqual(OK);
    expect(await check(rules, 'password', '')).toEqual({ severity: 'Error', message: 'Password is required' });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
