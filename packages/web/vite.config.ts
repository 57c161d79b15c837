import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The contract's modules only declare things, but their top-level zod calls look like side effects
 * to the bundler, so importing `messages` would pull in every schema and zod itself. Marking them
 * side-effect free lets unused schemas (and zod, while no screen uses a schema) drop out. The web
 * client's shared `lib` and `components` are the same: a module there is kept only when something
 * uses an export of it, so a barrel (lib/forms/index.ts) does not bring its unused parts (dayjs) to
 * the login page.
 */
const SIDE_EFFECT_FREE = ['/packages/contract/src/', '/packages/web/src/lib/', '/packages/web/src/components/'];

function sharedCodeIsSideEffectFree(): Plugin {
  return {
    name: 'shared-code-side-effect-free',
    transform(code, id) {
      const file = id.replace(/\\/g, '/');
      if (SIDE_EFFECT_FREE.some((folder) => file.includes(folder)) && /\.tsx?$/.test(file)) return { code, moduleSideEffects: false };
      return null;
    },
  };
}

// Built into packages/web/dist, which the server serves at '/'. In development the API runs on
// port 3000 and Vite forwards /api to it, so the client always calls a same-origin '/api'.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), sharedCodeIsSideEffectFree()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest tells scripts/after-build.mjs which files the first route loads (its budget).
    manifest: true,
    // Chunks in groups, not only as the bundler splits them by route: that split gave the signed-in
    // frame and /Events some 50 files of 1-25 KB (one per set of screens sharing a module), and a
    // phone on a slow network fetches six at a time, a round trip each, so on a cold cache the
    // requests, not the bytes, set the first paint (docs/ui.md, fifth round). A group takes the
    // modules its test names and, with them, what they import (not what a higher group took):
    // - react: React and the router change less often than the app and every route needs them, one
    //   chunk that stays cached across releases;
    // - first-route: the rest of what index.html loads (rolldown's '$initial'), one file;
    // - frame: the signed-in frame (top bar, menus) with what it imports;
    // - events: /Events, the internal users' home, with what it imports beyond the frame (the list's
    //   table, Selects, zod and the contract's schemas, which most other screens share).
    // Other screens still split by route (pages.tsx), so the login page loads only its own code. The
    // frame and the page stay two chunks: each runs as its own short task, where one chunk of both ran
    // as one long task (and a barrel-following test took modules no screen here uses).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'first-route', tags: ['$initial'], priority: 2 },
            { name: 'frame', test: /[\\/]src[\\/]app[\\/]frame[\\/]AppFrame\.tsx$/, priority: 1 },
            { name: 'events', test: /[\\/]src[\\/]features[\\/]events[\\/]routes[\\/]EventsRoute\.tsx$/, priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true } },
  },
});
