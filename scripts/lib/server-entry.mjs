/** What `npm start` runs: plain node on the compiled server (scripts/build-server.mjs), never TypeScript at boot. */
export function serverCommand({ worker = false } = {}) {
  return ['--enable-source-maps', worker ? 'apps/server/dist/worker.js' : 'apps/server/dist/main.js'];
}
