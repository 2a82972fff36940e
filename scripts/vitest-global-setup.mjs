// Tests that start the compiled server (npm start's, the outside-in probe) share one build, made before any of them
// runs: compiling from two test files at once would empty apps/server/dist under a server that is running from it.
// The upload and render tests' media fixtures are rendered once here too, alongside the build, rather than by each file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderMediaFixtures } from '../apps/server/test/media-fixture-files.ts';
import { ensureServerBuild } from './lib/workspace.mjs';

export default async function setup({ provide }) {
  const fixtures = mkdtempSync(join(tmpdir(), 'rs-media-fixtures-'));
  const rendered = renderMediaFixtures(fixtures);
  ensureServerBuild();
  await rendered;
  provide('mediaFixtures', fixtures);
  return () => rmSync(fixtures, { recursive: true, force: true });
}
