import { describe, expect, it } from 'vitest';
import { stopGracefully } from './shutdown.ts';

function recorder() {
  const steps: string[] = [];
  const log = {
    warn: (_fields: object, message: string) => steps.push(`warn: ${message}`),
    error: (_fields: object, message: string) => steps.push(`error: ${message}`),
  };
  return { steps, log };
}

describe('stopping the server', () => {
  it('waits for running requests to end, then closes the database', async () => {
    const { steps, log } = recorder();
    await stopGracefully({
      closeApp: async () => steps.push('app closed'),
      cutConnections: () => steps.push('cut'),
      closeDatabase: async () => steps.push('database closed'),
      log,
      graceMs: 60_000,
    });
    expect(steps).toEqual(['app closed', 'database closed']);
  });

  it('cuts a request that outlasts the grace, says so, and still closes the database', async () => {
    const { steps, log } = recorder();
    await stopGracefully({
      closeApp: () => new Promise(() => {}),
      cutConnections: () => steps.push('cut'),
      closeDatabase: async () => steps.push('database closed'),
      log,
      graceMs: 20,
    });
    expect(steps).toEqual(['warn: requests still running at the stop were cut off', 'cut', 'database closed']);
  });

  it('closes the database when the server fails to close', async () => {
    const { steps, log } = recorder();
    await stopGracefully({
      closeApp: async () => {
        throw new Error('onClose hook failed');
      },
      cutConnections: () => steps.push('cut'),
      closeDatabase: async () => steps.push('database closed'),
      log,
      graceMs: 60_000,
    });
    expect(steps).toEqual(['error: the HTTP server did not close cleanly', 'database closed']);
  });
});
