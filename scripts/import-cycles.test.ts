import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The import graph of every workspace has no cycle (ARCHITECTURE "Shape"). eslint-plugin-import's
// no-cycle does not run on ESLint 10, so this builds the graph itself: every relative and
// workspace import (type-only and dynamic ones too), resolved by TypeScript's own resolver with
// each workspace's tsconfig, and fails naming the files of each cycle.

const ROOT = path.resolve(import.meta.dirname, '..');
const PROJECTS = [
  'contract/tsconfig.json',
  'backend/tsconfig.json',
  'public-site/tsconfig.json',
  'admin/tsconfig.json',
  'desktop/tsconfig.json',
  'desktop/tsconfig.tests.json',
];

type Graph = Map<string, Set<string>>;

/** Our own source files only: a package in node_modules is followed only when it is a workspace (a link to ours). */
const ownFile = (resolved: string) => {
  const real = fs.realpathSync(resolved);
  return real.startsWith(ROOT + path.sep) && !real.includes(`${path.sep}node_modules${path.sep}`)
    ? real
    : null;
};

function importGraph(projects: readonly string[]): Graph {
  const graph: Graph = new Map();
  for (const project of projects) {
    const configFile = path.join(ROOT, project);
    const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile));
    for (const file of parsed.fileNames) {
      const from = fs.realpathSync(file);
      const edges = graph.get(from) ?? new Set<string>();
      graph.set(from, edges);
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      for (const { fileName } of importedFiles) {
        const resolved = ts.resolveModuleName(fileName, file, parsed.options, ts.sys).resolvedModule;
        const to = resolved && ownFile(resolved.resolvedFileName);
        if (to && /\.(ts|tsx|mts)$/.test(to) && !to.endsWith('.d.ts')) edges.add(to);
      }
    }
  }
  return graph;
}

/** Tarjan's strongly connected components: each one with more than one file (or a file importing itself) is a cycle. */
function cyclesOf(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(ROOT, member));
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('the import graph', () => {
  it('finds a cycle when there is one (the check itself works)', () => {
    const graph: Graph = new Map([
      ['/r/a.ts', new Set(['/r/b.ts'])],
      ['/r/b.ts', new Set(['/r/c.ts'])],
      ['/r/c.ts', new Set(['/r/a.ts'])],
      ['/r/d.ts', new Set(['/r/a.ts'])],
    ]);
    expect(cyclesOf(graph).map((c) => c.length)).toEqual([3]);
  });

  it('has no cycle in any workspace, type-only imports included', () => {
    const graph = importGraph(PROJECTS);
    // The graph really holds our imports: the backend's entry reaches its app, which reaches the contract.
    expect(graph.get(path.join(ROOT, 'backend/src/app.ts'))?.size).toBeGreaterThan(10);
    expect([...(graph.get(path.join(ROOT, 'backend/src/app.ts')) ?? [])]).toContain(
      path.join(ROOT, 'contract/src/index.ts'),
    );
    expect(cyclesOf(graph)).toEqual([]);
  });
});
