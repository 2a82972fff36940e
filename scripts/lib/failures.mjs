import { playwrightTests } from './slowest.mjs';

// The failed tests named again at the very end of a run, where a log cut to its tail still shows them.

// Vitest's messages may carry terminal colours.
const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (text) => String(text ?? '').replace(colours, '').trim().split('\n')[0].slice(0, 300);

/** `file › test: first line of the error` for each failed test (or file that failed to run) in Vitest's JSON report. */
export function vitestFailures(report, root) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0) lines.push(`${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

/** The same for Playwright's JSON report: every test whose last try did not pass, with its project. */
export function playwrightFailures(report) {
  const lines = [];
  for (const { spec, test } of playwrightTests(report)) {
    const last = test.results.at(-1);
    if (last && !['passed', 'skipped'].includes(last.status)) lines.push(`${spec.file} (${test.projectName}) › ${spec.title}: ${last.status}, ${firstLine(last.error?.message)}`);
  }
  return lines;
}
