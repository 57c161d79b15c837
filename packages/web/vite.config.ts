import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The contract's modules only declare things, but their top-level zod calls look like side effects
 * to the bundler, so importing `messages` would pull in every schema and zod itself. Marking them
 * side-effect free lets unused schemas (and zod, while no screen uses a schema) drop out.
 */
function contractIsSideEffectFree(): Plugin {
  return {
    name: 'contract-side-effect-free',
    transform(_code, id) {
      if (id.replace(/\\/g, '/').includes('/packages/contract/src/')) return { code: _code, moduleSideEffects: false };
      return null;
    },
  };
}

// Built into packages/web/dist, which the server serves at '/'. In development the API runs on
// port 3000 and Vite forwards /api to it, so the client always calls a same-origin '/api'.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), contractIsSideEffectFree()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|mantine-datatable|react-transition-group|react-remove-scroll.*|@tabler)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true } },
  },
});
