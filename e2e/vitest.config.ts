import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { reporters } from '../vitest.reporters.ts';

/** Takes pictures for people to look at and asserts nothing: `npm run screenshots`, not `npm test`. */
const SCREENSHOTS = 'e2e/screenshots.test.ts';

// Browser journeys: global-setup builds the client and starts a server with demo data for each worker;
// two files run at a time, each worker's files one after another against its own server.
// `--mode screenshots` runs only the screenshot script against the same setup.
export default defineConfig(({ mode }) => ({
  test: {
    name: 'e2e',
    // The repository root, so that CI's JSON results land in .tmp/test-results with the others.
    root: path.resolve(import.meta.dirname, '..'),
    include: mode === 'screenshots' ? [SCREENSHOTS] : ['e2e/**/*.test.ts'],
    exclude: mode === 'screenshots' ? configDefaults.exclude : [...configDefaults.exclude, SCREENSHOTS],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    // Two at a time, on any machine: a journey mostly waits for its browser and its server, and each
    // worker has a server of its own (global-setup.ts), so its files still meet one server's data in turn.
    // The screenshots are one file: one server.
    maxWorkers: mode === 'screenshots' ? 1 : 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // expect.poll gives up after 1 s by default: too short for a page on a busy machine (a journey
    // failed in CI at load 20). Journeys wait for what the user sees, as long as a user would.
    expect: { poll: { timeout: 15_000 } },
    // The shared helper's type is a readonly tuple; vitest accepts the same values as a mutable array.
    reporters: [...reporters(mode === 'screenshots' ? 'screenshots' : 'e2e')] as never,
  },
}));
