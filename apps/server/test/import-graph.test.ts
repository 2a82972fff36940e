import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('.fixture.')) out.push(path);
  }
  return out;
}

/** Every relative import of the server's source, type-only ones too: a circle of types still ties the files together. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => resolve(dirname(file), match[1]!));
    graph.set(file, targets);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file: each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  function visit(node: string) {
    indices.set(node, index);
    lowlinks.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) lowlinks.set(node, Math.min(lowlinks.get(node)!, indices.get(next)!));
    }
    if (lowlinks.get(node) !== indices.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(relative(src, member));
      if (member === node) break;
    }
    if (component.length > 1) found.push(component.sort());
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/** The layers from the top: a file may import only its own layer or one below (lint fences the same, per zone). */
const layers: Array<[string, RegExp]> = [
  ['composition root', /^(main|worker|library-cli|app|compose[\w-]*)\.ts$/],
  ['feature modules', /^modules\//],
  ['infrastructure ports', /^infrastructure\.ts$/],
  ['http shell', /^http\//],
  ['core: paid jobs', /^core\/paid-jobs\//],
  ['core: project', /^core\/project\//],
  ['core: credits', /^core\/credits\//],
  ['core: files', /^core\/files\//],
  ['platform', /^platform\//],
  ['settings', /^config\.ts$/],
  ['jobs', /^jobs\//],
  ['providers', /^providers\//],
  ['database', /^db\//],
];
const layerOf = (file: string) => layers.findIndex(([, pattern]) => pattern.test(relative(src, file)));

describe('the server import graph', () => {
  const graph = importGraph();

  it('has no import circles', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has no import that points up a layer', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      for (const target of targets) {
        const to = layerOf(target);
        if (from >= 0 && to >= 0 && to < from) upward.push(`${relative(src, file)} → ${relative(src, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
