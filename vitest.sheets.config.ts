import { defineConfig } from 'vitest/config';

/** `npm run sheets`: the contact sheets of docs/motion-templates, kept out of `npm test` (they take minutes). */
export default defineConfig({
  test: { include: ['apps/server/test/*.sheet.ts'], globalSetup: ['scripts/vitest-global-setup.mjs'], pool: 'forks', testTimeout: 1_800_000 },
});
