import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleMessages(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const restrictedImports = (filePath: string, code: string) => ruleMessages('no-restricted-imports', filePath, code);

describe('import zones (eslint.config.js)', () => {
  it('refuses an import that runs back up a layer', async () => {
    expect(await restrictedImports('apps/server/src/providers/stock/probe.ts', "import type { Auth } from '../../platform/auth.ts';\nexport type A = Auth;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/core/probe.ts', "import type { EndpointRouter } from '../http/endpoint-router.ts';\nexport type R = EndpointRouter;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/core/probe.ts', "import type { StockService } from '../modules/stock/stock.ts';\nexport type S = StockService;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/http/probe.ts', "import type { BillingService } from '../modules/billing/billing.ts';\nexport type B = BillingService;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/jobs/probe.ts', "import type { Auth } from '../platform/auth.ts';\nexport type A = Auth;\n")).toHaveLength(1);
    expect(await restrictedImports('packages/media/src/probe.ts', "import type { AppConfig } from '../../../apps/server/src/config.ts';\nexport type C = AppConfig;\n")).toHaveLength(1);
  });

  it('stacks the rooms of core (paid-jobs → project → credits → files) and keeps the account shell below them', async () => {
    const upward = "import type { WorkflowProjects } from '../project/workflow-projects.ts';\nexport type W = WorkflowProjects;\n";
    expect(await restrictedImports('apps/server/src/core/credits/probe.ts', upward)).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/core/files/probe.ts', "import type { QuotaService } from '../credits/quotas.ts';\nexport type Q = QuotaService;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/core/project/probe.ts', "import type { PaidJobs } from '../paid-jobs/paid-jobs.ts';\nexport type P = PaidJobs;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/core/paid-jobs/probe.ts', upward)).toEqual([]);
    expect(await restrictedImports('apps/server/src/core/project/probe.ts', "import type { QuotaService } from '../credits/quotas.ts';\nexport type Q = QuotaService;\n")).toEqual([]);
    expect(await restrictedImports('apps/server/src/platform/probe.ts', "import type { QuotaService } from '../core/credits/quotas.ts';\nexport type Q = QuotaService;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/core/project/probe.ts', "import type { Auth } from '../../platform/auth.ts';\nexport type A = Auth;\n")).toHaveLength(1);
  });

  it('lets only the paid-job service take, hold or give back a credit', async () => {
    const taking = "export const take = (quotas: { consume(u: string, k: string): Promise<void>; refund(u: string, k: string): Promise<void> }) => quotas.consume('u', 'videos').then(() => quotas.refund('u', 'videos'));\n";
    expect(await ruleMessages('no-restricted-syntax', 'apps/server/src/modules/ugc/probe.ts', taking)).toHaveLength(2);
    const holding = "export const hold = (repositories: { videoCredits: { hold(): Promise<void> } }) => repositories.videoCredits.hold();\n";
    expect(await ruleMessages('no-restricted-syntax', 'apps/server/src/jobs/probe.ts', holding)).toHaveLength(1);
    expect(await ruleMessages('no-restricted-syntax', 'apps/server/src/core/paid-jobs/probe.ts', taking)).toEqual([]);
  });

  it('keeps server feature modules apart', async () => {
    const code = "import type { StockService } from '../stock/stock.ts';\nexport type S = StockService;\n";
    expect(await restrictedImports('apps/server/src/modules/brolls/probe.ts', code)).toHaveLength(1);
    const down = "import type { Auth } from '../../platform/auth.ts';\nimport type { EndpointRouter } from '../../http/endpoint-router.ts';\nimport type { AutoBroll } from './auto-broll.ts';\nexport type D = [Auth, EndpointRouter, AutoBroll];\n";
    expect(await restrictedImports('apps/server/src/modules/brolls/probe.ts', down)).toEqual([]);
  });

  it('keeps web features apart', async () => {
    const code = "import { a } from '../script/a.ts';\nimport { b } from '../../lib/client.ts';\nimport { c } from './c.ts';\nexport const d = [a, b, c];\n";
    expect(await restrictedImports('apps/web/src/features/subtitles/probe.ts', code)).toHaveLength(1);
  });

  it('lets imports that point down through', async () => {
    expect(await restrictedImports('apps/server/src/core/probe.ts', "import type { StockProvider } from '../providers/stock/types.ts';\nexport type S = StockProvider;\n")).toEqual([]);
  });

  it('lets only the media port import the functions of packages/media that start ffmpeg or ffprobe', async () => {
    const spawning = "import { probe, runFfmpeg } from '@reelsmith/media';\nexport const run = [probe, runFfmpeg];\n";
    for (const file of ['apps/server/src/core/probe.ts', 'apps/server/src/modules/script/probe.ts', 'apps/server/src/jobs/probe.ts', 'apps/server/src/providers/tts/probe.ts', 'apps/server/src/app-probe.ts']) {
      expect(await restrictedImports(file, spawning), file).toHaveLength(2);
    }
    expect(await restrictedImports('apps/server/src/modules/final-video/probe.ts', "import { renderComposition as render } from '@reelsmith/media';\nexport const r = render;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/providers/media/probe.ts', spawning)).toEqual([]);
    // The pure argument builders stay importable everywhere, and the layer zones still apply beside the media rule.
    expect(await restrictedImports('apps/server/src/modules/voiceover/probe.ts', "import { tempoArgs } from '@reelsmith/media';\nexport const t = tempoArgs;\n")).toEqual([]);
    expect(await restrictedImports('apps/server/src/jobs/probe.ts', "import { probe } from '@reelsmith/media';\nimport type { Auth } from '../platform/auth.ts';\nexport type A = Auth;\nexport const p = probe;\n")).toHaveLength(2);
  });

  it("refuses an '/api/' path written in the web app outside the typed client", async () => {
    const code = "export const a = fetch('/api/videos');\nexport const b = (id: string) => fetch(`/api/jobs/${id}`);\n";
    expect(await ruleMessages('no-restricted-syntax', 'apps/web/src/features/probe/api.ts', code)).toHaveLength(2);
    expect(await ruleMessages('no-restricted-syntax', 'apps/web/src/lib/client.ts', code)).toEqual([]);
  });
}, 60_000);
