/**
 * `vitest run` with its usual arguments, which survives one V8 stop of a test worker.
 *
 * Node 24's V8 sometimes stops a worker on a check in its bookkeeping of freed WebAssembly code when
 * many embedded databases come and go in one process (nodejs/node#64500: "Check failed:
 * jit_page_->allocations_.erase(addr) == 1"). It is V8's, not a test's, and no flag turns it off
 * (decision 089). When every error of a run is such a stop and no test failed, the files that worker
 * had not finished run once more in fresh workers. A failed test, any other error or a second stop
 * fails the run as before.
 */
import { type CliOptions, parseCLI, startVitest } from 'vitest/node';

const V8_STOP = /Worker exited unexpectedly with signal (SIGTRAP|SIGSEGV|SIGABRT|SIGILL) .*while running test files (.+)$/s;

type RunResult = { code: number; rerun: string[] };

async function run(filter: string[], options: CliOptions): Promise<RunResult> {
  process.exitCode = 0;
  const vitest = await startVitest('test', filter, { ...options, run: true, watch: false });
  const code = Number(process.exitCode ?? 0);
  const files = vitest.state.getFiles();
  const finished = new Set(files.filter((f) => f.result?.state === 'pass' || f.result?.state === 'skip').map((f) => f.filepath));
  const failed = files.some((f) => f.result?.state === 'fail');
  const errors = vitest.state.getUnhandledErrors().map((e) => String((e as { cause?: { message?: string } })?.cause?.message ?? ''));
  await vitest.close();
  const stops = errors.map((message) => V8_STOP.exec(message));
  if (code === 0 || failed || errors.length === 0 || stops.some((stop) => stop === null)) return { code, rerun: [] };
  const assigned = stops.flatMap((stop) => stop![2].split(', ').map((file) => file.trim()));
  return { code, rerun: [...new Set(assigned)].filter((file) => !finished.has(file)) };
}

const { filter, options } = parseCLI(['vitest', ...process.argv.slice(2)]);
const first = await run(filter, options);
if (first.rerun.length === 0) process.exit(first.code);

console.log(`\nV8 stopped a test worker (decision 089). Running its ${first.rerun.length} unfinished files once more:`);
for (const file of first.rerun) console.log(`  ${file}`);
// A results file of its own, so that CI's summary also counts the files that ran again.
process.env.VITEST_RESULTS = [process.env.VITEST_RESULTS, 'rerun'].filter(Boolean).join('-');
const second = await run(first.rerun, options);
process.exit(second.code === 0 ? 0 : second.code || 1);
