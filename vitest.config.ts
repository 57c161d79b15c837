import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { reporters } from './vitest.reporters.ts';

/** Web tests named *.test.ts that still need jsdom: renderHook, and localStorage behind the session. */
const DOM_TESTS_NAMED_TS = ['src/lib/forms/useValidatedForm.test.ts', 'src/lib/api/client.test.ts'];

// Browser journeys have their own config (e2e/vitest.config.ts): they need a built client and a server.
export default defineConfig({
  test: {
    reporters: reporters('unit'),
    // One worker more than the cores: Vitest's default for a run is one fewer (a single worker on a
    // 2-core machine), and a worker often waits (a child process, a socket, a timer) rather than
    // computes (docs/performance.md, "The test loop's workers").
    maxWorkers: availableParallelism() + 1,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share a worker's loaded modules instead of re-importing Fastify, Drizzle and the app for
          // each file (about half the API run). Safe because every file builds its own app on its own
          // database copy (test/app.ts) and the server keeps no module-level state that tests change.
          isolate: false,
          // Many files' embedded databases (WebAssembly) come and go in one worker: Node 24's V8 then
          // stopped the worker on a check of its code-memory protection bookkeeping (SIGTRAP, "Check
          // failed: jit_page_->allocations_.erase(addr) == 1" in UnregisterWasmAllocation). Without
          // the protection keys that bookkeeping is off; the tests do not rely on it. Another check of it
          // still stops a worker now and then: scripts/test/vitest-run.ts reruns that worker's files (decision 089).
          // drizzle-orm's own imports skip Node 24's package scope lookup (test/drizzle-resolve.mjs).
          execArgv: [
            '--no-memory-protection-keys',
            '--import',
            fileURLToPath(new URL('packages/server/test/drizzle-resolve.mjs', import.meta.url)),
          ],
        },
      },
      // Web tests run in Node unless they need a DOM. Convention: a test that renders or touches the DOM
      // (components, hooks, localStorage, window) is named *.test.tsx and runs in jsdom; *.test.ts runs in
      // plain Node, which starts much faster. The two older DOM-needing *.test.ts files are listed by name.
      {
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...DOM_TESTS_NAMED_TS],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web-dom',
          root: 'packages/web',
          include: ['src/**/*.test.tsx', ...DOM_TESTS_NAMED_TS],
          environment: 'jsdom',
          setupFiles: ['src/test/dom-setup.ts'],
        },
      },
    ],
  },
});
