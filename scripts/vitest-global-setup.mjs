// Tests that start the compiled server (npm start's, the outside-in probe) share one build, made before any of them
// runs: compiling from two test files at once would empty apps/server/dist under a server that is running from it.
import { ensureServerBuild } from './lib/workspace.mjs';

export default function setup() {
  ensureServerBuild();
}
