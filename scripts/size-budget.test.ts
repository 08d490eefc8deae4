/** Size budgets are tests: the loader and the first-load closure must stay within budget. */
import { describe, expect, it } from 'vitest';
import { BUDGETS, measureAppBundle, measureBundle, staticImportsOf } from './bundle-size.ts';

describe('widget size budget', () => {
  const sizes = measureBundle();

  it(`loader is at most ${BUDGETS.loaderGzip} bytes gzip`, () => {
    expect(sizes.loaderGzip).toBeLessThanOrEqual(BUDGETS.loaderGzip);
  });

  it(`a visitor who never interacts downloads at most ${BUDGETS.visitorGzip} bytes gzip (loader + launcher.js)`, () => {
    expect(sizes.loaderGzip + sizes.launcherGzip).toBeLessThanOrEqual(BUDGETS.visitorGzip);
  });

  it('launcher.js is one file without the UI framework, the API client or anything lazy', () => {
    expect(sizes.launcherImports).toEqual([]);
    expect(sizes.heavyInLauncher).toEqual([]);
  });

  it(`pins-and-threads chunks are at most ${BUDGETS.firstLoadGzip} bytes gzip together`, () => {
    expect(sizes.firstLoadGzip).toBeLessThanOrEqual(BUDGETS.firstLoadGzip);
  });

  it('html2canvas is never in the first load', () => {
    expect(sizes.html2canvasInFirstLoad).toBe(false);
  });

  it('code only reviewers need (finder, …) is in lazy chunks, not the first load', () => {
    expect(sizes.lazyOnlyInFirstLoad).toEqual([]);
    expect(sizes.lazyFiles.length).toBeGreaterThan(0);
  });

  it('the first load is one file: no common chunk to wait for after app.js', () => {
    expect(sizes.firstLoadFiles.map((f) => f.file)).toEqual(['app.js']);
  });
});

describe('review app size budget', () => {
  const app = measureAppBundle();

  it(`first load (html, entry script and its static imports, stylesheet) is at most ${BUDGETS.appFirstLoadGzip} bytes gzip`, () => {
    expect(app.firstLoadGzip).toBeLessThanOrEqual(BUDGETS.appFirstLoadGzip);
  });

  it('the workspace, markup and metrics views are a lazy chunk, not the first load', () => {
    expect(app.firstLoadFiles.some((f) => /\.css$/.test(f.file))).toBe(true);
    expect(app.lazyFiles.some((f) => f.file.includes('manage-views'))).toBe(true);
  });
});

describe('staticImportsOf', () => {
  it('finds static imports and re-exports but not dynamic imports', () => {
    const code = 'import{a as b}from"./chunks/x-1.js";import"./y.js";export{c}from"../z.js";const d=import("./lazy.js");';
    expect(staticImportsOf(code).sort()).toEqual(['../z.js', './chunks/x-1.js', './y.js']);
  });
});
