/**
 * A resolve hook for the server's test workers (vitest.config.ts execArgv): drizzle-orm's own relative
 * imports (`./alias.js`) resolve to the file beside the importer, as ES modules, without Node's lookup
 * of the package scope. On Node 24 that lookup deserialises drizzle-orm's 179 KB package.json (447
 * exports) again for each of its files: importing drizzle-orm, its pg-core and node-postgres took
 * 0.6 s of CPU, 0.1 s with this hook (docs/performance.md "The one-file test loop"). drizzle-orm is
 * `"type": "module"` and names every relative import with its `.js` file, so the answer is the same.
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (
      context.parentURL?.includes('/node_modules/drizzle-orm/') &&
      (specifier.startsWith('./') || specifier.startsWith('../')) &&
      specifier.endsWith('.js')
    ) {
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
