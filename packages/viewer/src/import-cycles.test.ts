import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGES = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every TypeScript file of a package's folders that exist (tests included: a test may not close a circle either). */
function sources(pkg: string, ...folders: string[]): string[] {
  return folders
    .map((folder) => join(PACKAGES, pkg, folder))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.parentPath.includes('node_modules'))
        .map((e) => join(e.parentPath, e.name)),
    );
}

/** The file a relative specifier names: `./x.js` is `./x.ts` (or `x.d.ts`) in the sources. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  return [base, `${stem}.ts`, `${stem}.d.ts`, join(base, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile());
}

/**
 * What each file imports of ours, type-only imports included (`import type`, `export … from`,
 * `import('…')` in a type): a circle of types is a circle all the same.
 */
export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)'(\.[^']+)'/gm)].map((m) => m[1]!);
    graph.set(file, [...new Set(specifiers.map((s) => resolveSpecifier(file, s)).filter((p): p is string => p !== undefined))]);
  }
  return graph;
}

/** The strongly connected components of more than one file, or of a file that imports itself (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) !== indexOf.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

describe('import circles', () => {
  it('finds a circle (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });

  // Every package, checked from here: the viewer's e2e, build and testing folders too.
  for (const pkg of readdirSync(PACKAGES).filter((p) => existsSync(join(PACKAGES, p, 'package.json')))) {
    it(`${pkg} has none, type-only imports included`, () => {
      const found = circles(importGraph(sources(pkg, 'src', 'testing', 'e2e', 'build')));
      expect(found.map((c) => c.map((f) => relative(join(PACKAGES, pkg), f)))).toEqual([]);
    });
  }
});
