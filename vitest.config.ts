import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/{src,test}/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/web/{src,test}/**/*.test.ts'],
    globalSetup: ['scripts/vitest-global-setup.mjs'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default leaves one CPU free (one worker on CI's two cores); most files wait on ffmpeg and databases.
    maxWorkers: 2,
  },
});
