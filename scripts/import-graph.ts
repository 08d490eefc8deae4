/**
 * The import graph of a source folder, for the loop check in `npm test` (import-loops.test.ts):
 * every relative import, `import type` and `export … from` included, and dynamic `import()` too —
 * a lazy chunk that imports the module loading it is a loop all the same. Parsed with TypeScript's
 * own pre-processor, so comments and strings never count. Test files are left out: a test may import
 * any floor.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const SKIPPED = /(\.test\.tsx?|\.d\.ts)$/;

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && !name.startsWith('.') && name !== '__screenshots__') found.push(...sourceFiles(path));
    } else if (SOURCE.test(name) && !SKIPPED.test(name)) found.push(path);
  }
  return found;
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile());
}

/** File → the files of the same folder tree it imports (paths relative to `root`'s parent). */
export function importGraph(root: string): Map<string, string[]> {
  const files = new Set(sourceFiles(root));
  const graph = new Map<string, string[]>();
  const name = (path: string) => relative(dirname(root), path);
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(file, fileName);
      if (target && files.has(target)) targets.add(name(target));
    }
    graph.set(name(file), [...targets].sort());
  }
  return graph;
}

/** The import loops (strongly connected components of more than one file, or a file importing itself). */
export function importLoops(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) loops.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return loops;
}
