import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/{src,test}/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/web/{src,test}/**/*.test.ts'],
    globalSetup: ['scripts/vitest-global-setup.mjs'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each worker keeps its imported modules from one file to the next: importing the server's module graph afresh for
    // each of ~170 files cost about two CPU-minutes of a CI run. Tests share no module state (no vi.mock of a module
    // another file imports; each builds its own app), so this changes nothing but the time.
    isolate: false,
    // Vitest's default leaves one CPU free (one worker on CI's two cores); most files wait on ffmpeg and databases.
    maxWorkers: 2,
  },
});
