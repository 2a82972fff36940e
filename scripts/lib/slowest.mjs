// Per-file times at the end of a test run, the slowest first: where to look when CI grows toward its limit.

/** Prints the `count` slowest of `rows` ({ file, seconds, detail? }). */
export function printSlowest(title, rows, count = 15) {
  const slowest = [...rows].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  if (slowest.length === 0) return;
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  console.log(`\n${title}: the ${slowest.length} slowest of ${rows.length} files (${(total / 60).toFixed(1)} min in all, summed over workers)`);
  for (const row of slowest) console.log(`${row.seconds.toFixed(1).padStart(7)} s  ${row.file}${row.detail ? `  (${row.detail})` : ''}`);
}

/** Every test of Playwright's JSON report with its spec, however deep its describe blocks nest. */
export function* playwrightTests(report) {
  const suites = [...(report.suites ?? [])];
  while (suites.length > 0) {
    const suite = suites.shift();
    for (const spec of suite.specs ?? []) for (const test of spec.tests) yield { spec, test };
    suites.push(...(suite.suites ?? []));
  }
}

/** Seconds per spec file and project from Playwright's JSON report, summed over its tests and their retries. */
export function playwrightFileTimes(report) {
  const seconds = new Map();
  for (const { spec, test } of playwrightTests(report)) {
    const key = `${spec.file} (${test.projectName})`;
    seconds.set(key, (seconds.get(key) ?? 0) + test.results.reduce((sum, result) => sum + result.duration, 0) / 1000);
  }
  return [...seconds].map(([file, s]) => ({ file, seconds: s }));
}
