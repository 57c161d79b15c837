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
    // React and the router change less often than the app and every route needs them: one chunk that
    // stays cached across releases. Everything else splits by route (pages.tsx), so the login page
    // loads only the Mantine components and libraries it uses.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true } },
  },
});
