/**
 * The flags Node runs the server with: package.json's start and dev scripts, the bench, the journeys
 * and the trust suite (node-flags.test.ts keeps the scripts in step); the embedded database's process
 * inherits them (fork passes execArgv on).
 *
 * `--max-semi-space-size=16` (MB): Node 24 sizes V8's young generation from the machine's memory, and
 * loading the server's modules makes about 150 MB of short-lived garbage (Node 24 reads a package's
 * package.json again for the files it imports: drizzle-orm's is 178 KB). With the large young
 * generation that garbage is collected late, the heap grows to about 190 MB and the process keeps that
 * memory: 320 MB resident after start on PostgreSQL, about 215-228 MB with 16 MB. 8 MB gave 195 MB
 * but cost the certificate search a quarter of its throughput (docs/performance.md "Memory").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
