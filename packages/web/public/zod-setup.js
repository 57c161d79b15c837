/*
 * zod compiles object parsers with `new Function` when eval is allowed, and probes for it as soon as
 * a schema is made. The portal's Content-Security-Policy forbids eval, so the probe only put a CSP
 * violation in the console on every load. This runs before the app's modules (a deferred script
 * placed before them in index.html), so no schema is ever made with the probe.
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
