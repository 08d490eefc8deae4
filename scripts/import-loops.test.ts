/**
 * No import loop in the widget (src/), the review app (app/), the server (server/) or the CLI (cli/), type-only and
 * dynamic imports included (issue 15): a loop is where layers start leaking into each other, so a new one fails
 * `npm test` with the files that form it.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, importLoops } from './import-graph.ts';

const ROOT = resolve(import.meta.dirname, '..');

describe('import loops', () => {
  for (const [folder, least] of [
    ['src', 50],
    ['server', 50],
    ['app', 15],
    ['cli', 20],
  ] as const) {
    it(`${folder}/ has none`, () => {
      const graph = importGraph(resolve(ROOT, folder));
      expect(graph.size).toBeGreaterThan(least);
      expect(importLoops(graph)).toEqual([]);
    });
  }

  it('finds a loop when there is one (type-only and dynamic imports count)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importLoops(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
