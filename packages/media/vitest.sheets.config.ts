import { defineConfig } from 'vitest/config';

/** `npm run sheets -w packages/media`: the media package's contact sheets (docs/brands), kept out of `npm test`. */
export default defineConfig({
  test: { include: ['src/**/*.sheet.ts'], pool: 'forks', testTimeout: 300_000 },
});
