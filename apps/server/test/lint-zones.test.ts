import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import zones (eslint.config.js)', () => {
  it('refuses an import that runs back up a layer', async () => {
    expect(await restrictedImports('apps/server/src/providers/stock/probe.ts', "import type { Auth } from '../../services/auth.ts';\nexport type A = Auth;\n")).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/services/probe.ts', "import type { EndpointRouter } from '../http/endpoint-router.ts';\nexport type R = EndpointRouter;\n")).toHaveLength(1);
    expect(await restrictedImports('packages/media/src/probe.ts', "import type { AppConfig } from '../../../apps/server/src/config.ts';\nexport type C = AppConfig;\n")).toHaveLength(1);
  });

  it('lets imports that point down through', async () => {
    expect(await restrictedImports('apps/server/src/services/probe.ts', "import type { StockProvider } from '../providers/stock/types.ts';\nexport type S = StockProvider;\n")).toEqual([]);
  });
}, 60_000);
