import { describe, expect, it } from 'vitest';
import { sharedProbe } from './readiness.ts';

/** A probe that answers when told to, counting how often it was started. */
function manualProbe() {
  const started: ((ready: boolean) => void)[] = [];
  return {
    probe: () => new Promise<boolean>((resolve) => started.push(resolve)),
    started,
  };
}

describe('sharedProbe (the readiness answer behind /api/health)', () => {
  it('callers that ask while a probe runs share it: one probe, one answer for all', async () => {
    const { probe, started } = manualProbe();
    const ready = sharedProbe(probe, 60_000);
    const answers = Promise.all([ready(), ready(), ready()]);
    expect(started).toHaveLength(1);
    started[0](true);
    expect(await answers).toEqual([true, true, true]);
  });

  it('reuses an answer while it is fresh, and probes again once it is not', async () => {
    let probes = 0;
    const fresh = sharedProbe(async () => ++probes > 0, 60_000);
    await fresh();
    await fresh();
    expect(probes).toBe(1);
    let again = 0;
    const stale = sharedProbe(async () => ++again > 0, 0);
    await stale();
    await stale();
    expect(again).toBe(2);
  });

  it('a probe that fails is "not ready", and the next probe can say ready again', async () => {
    let fail = true;
    const ready = sharedProbe(async () => {
      if (fail) throw new Error('connection refused');
      return true;
    }, 0);
    expect(await ready()).toBe(false);
    fail = false;
    expect(await ready()).toBe(true);
  });
});
