import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/{src,test}/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
