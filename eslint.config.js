import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Only the media port starts ffmpeg and ffprobe (apps/server/src/providers/media): everything else takes a MediaPort
 * as an argument, and may still import packages/media's pure argument builders and constants.
 */
const mediaPortFolder = 'apps/server/src/providers/media/**';
const spawningMedia = [
  {
    name: '@reelsmith/media',
    importNames: ['probe', 'runFfmpeg', 'verifyDecodes', 'renderComposition', 'writeRecognitionWav', 'detectSilences'],
    message: 'ffmpeg and ffprobe run through the media port (providers/media): take a MediaPort as an argument.',
  },
];

/**
 * Import zones: arrows point down. On the server, modules/<feature> (routes and rules of one feature) → http (the
 * shared router) and core (what features share, in rooms: paid-jobs → project → credits → files) → platform (the
 * account shell: auth, sessions, origins, mail, readiness) → jobs → providers → db. Only the composition root (app.ts, compose*.ts, main.ts, worker.ts) sees every module. Media and
 * contracts import no app code.
 */
const forbid = (files, groups, message, options = {}) => ({
  files,
  // Tests wire real collaborators from any layer.
  ignores: ['**/*.test.ts', ...(options.ignores ?? [])],
  rules: { 'no-restricted-imports': ['error', { patterns: groups.length > 0 ? [{ group: groups, message }] : [], paths: options.paths ?? [] }] },
});
// A file has one no-restricted-imports setting (the last that matches), so each server zone repeats the media rule.
const serverZone = (files, groups, message) => forbid(files, groups, message, { paths: spawningMedia, ignores: [mediaPortFolder] });
const providerGroups = ['**/core/**', '**/platform/**', '**/modules/**', '**/http/**', '**/jobs/**'];
const providerMessage = 'providers sit below the features: declare the port you need in the provider.';
const coreMessage = 'core is what features share: it knows no feature and no HTTP; declare a port for what a feature provides.';
const roomMessage = 'Its rooms stack paid-jobs → project → credits → files: a room imports only the rooms below it.';
const paidJobsMessage = 'Only the paid-job service (core/paid-jobs) takes, holds, settles or gives back a credit: start paid work with paidJobs.start or paidJobs.charged.';
const coreRooms = ['paid-jobs', 'project', 'credits', 'files'];
/** The rooms above `room`, as a sibling room imports them ('../project/…') and as any path names them. */
const roomsAbove = (room) => coreRooms.slice(0, coreRooms.indexOf(room)).flatMap((above) => [`../${above}/**`, `**/core/${above}/**`]);
const layerZones = [
  forbid(['packages/contracts/src/**'], ['@reelsmith/media', '**/apps/**', 'fastify', 'react'], 'contracts are shared definitions: they import nothing of the apps.'),
  forbid(['packages/media/src/**'], ['**/apps/**'], 'packages/media is pure: the server calls it, never the other way.'),
  serverZone(['apps/server/src/**'], [], ''),
  serverZone(['apps/server/src/providers/**'], providerGroups, providerMessage),
  forbid([mediaPortFolder], providerGroups, providerMessage),
  serverZone(['apps/server/src/db/**'], ['**/core/**', '**/platform/**', '**/modules/**', '**/http/**', '**/jobs/**', '**/providers/**'], 'repositories sit at the bottom: they know tables, not features.'),
  serverZone(['apps/server/src/jobs/**'], ['**/http/**', '**/core/**', '**/platform/**', '**/modules/**'], 'jobs sit below the features: features enqueue them, jobs never call back up.'),
  serverZone(['apps/server/src/core/**'], ['**/http/**', '**/modules/**', '**/platform/**'], coreMessage),
  serverZone(['apps/server/src/core/project/**'], ['**/http/**', '**/modules/**', '**/platform/**', ...roomsAbove('project')], `${coreMessage} ${roomMessage}`),
  serverZone(['apps/server/src/core/credits/**'], ['**/http/**', '**/modules/**', '**/platform/**', ...roomsAbove('credits')], `${coreMessage} ${roomMessage}`),
  serverZone(['apps/server/src/core/files/**'], ['**/http/**', '**/modules/**', '**/platform/**', ...roomsAbove('files')], `${coreMessage} ${roomMessage}`),
  serverZone(['apps/server/src/platform/**'], ['**/http/**', '**/modules/**', '**/core/**'], 'platform is the account shell (sign-in, sessions, origins, mail, readiness): it knows no project and no feature.'),
  serverZone(['apps/server/src/http/**'], ['**/modules/**'], 'http is the shared router: features register their routes on it, it imports none of them.'),
  serverZone(['apps/server/src/modules/**'], ['../*/**', '!../../**', '**/modules/**'], 'a feature module does not import another: share through core/, or take what you need as an argument.'),
  forbid(['apps/web/src/features/**'], ['../*/**', '!../../**', '**/features/**'], 'a feature does not import another feature: share through components/ or lib/.'),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/drizzle/**', '.tmp/**', '**/.tts-scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', fetch: 'readonly', performance: 'readonly' } },
  },
  {
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...layerZones,
  {
    // The web calls the server only through lib/client.ts with an endpoint definition from contracts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/client.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: "Call the API through lib/client.ts with an endpoint from @reelsmith/contracts, not a '/api/' path." },
        { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: "Call the API through lib/client.ts with an endpoint from @reelsmith/contracts, not a '/api/' path." },
      ],
    },
  },
  {
    // Credits are taken, held, settled and given back in one place, so completion and credit stay one decision.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/core/paid-jobs/**', 'apps/server/src/core/credits/**', 'apps/server/src/db/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name=/^(consume|refund|withCredit)$/]', message: paidJobsMessage },
        { selector: 'CallExpression[callee.property.name=/^(hold|release|holds)$/][callee.object.property.name=/^(videoCredits|holds)$/]', message: paidJobsMessage },
        { selector: 'CallExpression[callee.property.name=/^(hold|release|holds)$/][callee.object.name=/^(videoCredits|holds)$/]', message: paidJobsMessage },
      ],
    },
  },
  { files: ['apps/server/src/main.ts', 'apps/server/src/worker.ts', 'apps/server/src/library-cli.ts', 'scripts/**', 'e2e/**', '**/*.test.ts'], rules: { 'no-console': 'off' } },
);
