import { describe, expect, it } from 'vitest';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_MS, LoginThrottle, PAIR_LOCK_MS, PAIR_MAX_FAILURES, WINDOW_MS } from './throttle.ts';

/** A throttle on a clock the test moves by hand. */
function throttleAt() {
  const clock = { now: 1_000_000 };
  return { clock, throttle: new LoginThrottle(() => clock.now) };
}

const attacker = { ip: '10.0.0.66', username: 'Boss@Example.com' };
const owner = { ip: '10.0.0.7', username: 'boss@example.com' };

describe('LoginThrottle', () => {
  it('locks one address out of one name after repeated failures, and only that pair', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < PAIR_MAX_FAILURES - 1; i++) throttle.failed(attacker);
    expect(throttle.check(attacker).locked).toBe(false);
    throttle.failed(attacker);
    expect(throttle.check(attacker).locked).toBe(true);
    expect(throttle.check({ ...attacker, username: ' BOSS@example.com ' }).locked).toBe(true);
    expect(throttle.check(owner)).toEqual({ locked: false, delayMs: 0 });
    expect(throttle.check({ ...attacker, username: 'someone.else@example.com' }).locked).toBe(false);
  });

  it('lifts the pair lock after its time', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < PAIR_MAX_FAILURES; i++) throttle.failed(attacker);
    clock.now += PAIR_LOCK_MS - 1;
    expect(throttle.check(attacker).locked).toBe(true);
    clock.now += 1;
    expect(throttle.check(attacker).locked).toBe(false);
  });

  it('slows every attempt on a name attacked from many addresses, but never refuses it', () => {
    const { clock, throttle } = throttleAt();
    const from = (n: number) => ({ ip: `10.1.0.${n}`, username: attacker.username });
    for (let n = 0; n < ACCOUNT_FREE_FAILURES; n++) throttle.failed(from(n));
    expect(throttle.check(owner)).toEqual({ locked: false, delayMs: 250 });
    throttle.failed(from(100));
    expect(throttle.check(owner).delayMs).toBe(500);
    for (let n = 0; n < 50; n++) throttle.failed(from(200 + n));
    expect(throttle.check(owner)).toEqual({ locked: false, delayMs: ACCOUNT_MAX_DELAY_MS });
    clock.now += WINDOW_MS;
    expect(throttle.check(owner)).toEqual({ locked: false, delayMs: 0 });
  });

  it('starts an address again after it signs in; the name slowdown stays', () => {
    const { throttle } = throttleAt();
    for (let n = 0; n < ACCOUNT_FREE_FAILURES; n++) throttle.failed({ ip: `10.2.0.${n}`, username: owner.username });
    for (let i = 0; i < PAIR_MAX_FAILURES - 1; i++) throttle.failed(owner);
    throttle.succeeded(owner);
    throttle.failed(owner);
    expect(throttle.check(owner).locked).toBe(false);
    expect(throttle.check(owner).delayMs).toBeGreaterThan(0);
  });
});
