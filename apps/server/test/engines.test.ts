import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// semver has no type package here; these are the two calls the check needs.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
  workspaces?: string[];
}

const readManifest = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** Every installed package (hoisted and nested) with its engines.node, as npm would check it on install. */
function installedEngines(modulesDir: string, found: Array<{ id: string; node: string }> = []) {
  if (!existsSync(modulesDir)) return found;
  for (const entry of readdirSync(modulesDir)) {
    if (entry.startsWith('.')) continue;
    const dir = join(modulesDir, entry);
    if (entry.startsWith('@')) {
      installedEngines(dir, found);
      continue;
    }
    const manifestFile = join(dir, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = readManifest(manifestFile);
    if (manifest.engines?.node) found.push({ id: `${manifest.name}@${manifest.version}`, node: manifest.engines.node });
    installedEngines(join(dir, 'node_modules'), found);
  }
  return found;
}

describe('installed packages and the declared Node version', () => {
  const rootManifest = readManifest(join(root, 'package.json'));
  const declared = rootManifest.engines?.node ?? '';
  const oldestDeclared = semver.minVersion(declared)?.version ?? '';
  const packages = [root, ...(rootManifest.workspaces ?? []).map((workspace) => join(root, workspace))].flatMap((dir) =>
    installedEngines(join(dir, 'node_modules')),
  );

  it('finds the installed packages', () => {
    expect(oldestDeclared).not.toBe('');
    expect(packages.some((pkg) => pkg.id.startsWith('cookie@'))).toBe(true);
  });

  it('every package supports the oldest Node the project declares, so npm install gives no EBADENGINE', () => {
    const unsupported = packages.filter((pkg) => !semver.satisfies(oldestDeclared, pkg.node));
    expect(unsupported, `engines.node of the project is ${declared}`).toEqual([]);
  });

  it('every package supports the Node running now', () => {
    expect(semver.satisfies(process.version, declared)).toBe(true);
    expect(packages.filter((pkg) => !semver.satisfies(process.version, pkg.node))).toEqual([]);
  });
});
