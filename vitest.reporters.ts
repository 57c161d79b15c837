/** In CI each run also writes JSON results, which .ci/summary.ts adds up into one closing line. */
export function reporters(name: string) {
  if (!process.env.CI) return ['default'];
  const suffix = process.env.VITEST_RESULTS ? `-${process.env.VITEST_RESULTS}` : '';
  return ['default', ['json', { outputFile: `.tmp/test-results/${name}${suffix}.json` }]] as const;
}
