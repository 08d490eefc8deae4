/**
 * Measures what a customer's visitor downloads: the classic loader and the visitor's launcher
 * (launcher.js) — all a visitor who never shows intent gets — and the ES module closure the loader
 * imports on intent to show pins and threads (app.js plus every chunk it imports statically). Lazy
 * chunks (dynamic import) are counted apart. Also the review app's first load (`measureAppBundle`).
 * Used by the size-budget test and by `npm run bench`.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative, resolve } from 'node:path';

export const BUDGETS = {
  /** 1 473 bytes before the visitor's launcher (issue 20) added the intent gating; 1 775 after. */
  loaderGzip: 2 * 1024,
  /** The loader and launcher.js together: everything a visitor who never interacts downloads (issue 20). */
  visitorGzip: 10 * 1024,
  firstLoadGzip: 40 * 1024,
  /**
   * The review app's first load (index.html, its entry script with static imports, its stylesheets):
   * 45 005 bytes gzip when budgeted (issue 16, first slice), plus 20 % → 54 000 bytes.
   */
  appFirstLoadGzip: 54_000,
} as const;

export interface BundleSizes {
  loaderGzip: number;
  /** launcher.js, the visitor's launcher. */
  launcherGzip: number;
  /** What launcher.js imports statically: nothing, or the visitor pays a second request. */
  launcherImports: string[];
  /** Markers of code that must not reach a visitor (LAZY_ONLY, Preact) found in launcher.js. */
  heavyInLauncher: string[];
  firstLoadGzip: number;
  firstLoadFiles: { file: string; gzip: number }[];
  lazyGzip: number;
  lazyFiles: { file: string; gzip: number }[];
  html2canvasInFirstLoad: boolean;
  /** Code only reviewers need, by a marker string its chunk contains; each must stay out of the first load. */
  lazyOnlyInFirstLoad: string[];
}

/** What must load lazily, recognised by a string that survives minification (an option name). */
export const LAZY_ONLY: { name: string; marker: RegExp }[] = [
  { name: 'html2canvas', marker: /html2canvas/i },
  { name: '@medv/finder (describing a clicked element)', marker: /maxNumberOfPathChecks/ },
  { name: 'the German strings (ui/i18n/de.ts, loaded when `locale` is German)', marker: /Kommentare pausiert/ },
  { name: 'the tab recorder (capture/record, loaded when Record is pressed)', marker: /videoBitsPerSecond/ },
];

/** Also kept out of the visitor's launcher: the UI framework and the API client. */
const NOT_FOR_VISITORS: { name: string; marker: RegExp }[] = [
  ...LAZY_ONLY,
  { name: 'Preact', marker: /__H|_renderCallbacks|__preactattr_/ },
  { name: 'the API client', marker: /Idempotency-Key/ },
];

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** Static imports (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`) of an ES module. */
export function staticImportsOf(code: string): string[] {
  const found = new Set<string>();
  const pattern = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

export function measureBundle(widgetDir = 'dist/widget'): BundleSizes {
  const root = resolve(widgetDir);
  const loader = join(root, 'pinmark.js');
  const entry = join(root, 'app.js');
  const launcher = join(root, 'launcher.js');
  if (!existsSync(loader) || !existsSync(entry) || !existsSync(launcher)) {
    throw new Error(`No widget build in ${widgetDir}: run \`npm run build\` first.`);
  }
  const firstLoad = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (firstLoad.has(file)) continue;
    firstLoad.add(file);
    for (const spec of staticImportsOf(readFileSync(file, 'utf8'))) queue.push(resolve(dirname(file), spec));
  }
  const scripts = walk(root).filter((f) => f.endsWith('.js') && f !== loader && f !== launcher);
  const launcherCode = readFileSync(launcher, 'utf8');
  const lazy = scripts.filter((f) => !firstLoad.has(f));
  const rows = (files: string[]) => files.map((f) => ({ file: relative(root, f), gzip: gz(f) }));
  const firstLoadFiles = rows([...firstLoad]);
  const lazyFiles = rows(lazy);
  return {
    loaderGzip: gz(loader),
    launcherGzip: gz(launcher),
    launcherImports: staticImportsOf(launcherCode),
    heavyInLauncher: NOT_FOR_VISITORS.filter(({ marker }) => marker.test(launcherCode)).map(({ name }) => name),
    firstLoadGzip: firstLoadFiles.reduce((sum, r) => sum + r.gzip, 0),
    firstLoadFiles,
    lazyGzip: lazyFiles.reduce((sum, r) => sum + r.gzip, 0),
    lazyFiles,
    html2canvasInFirstLoad: [...firstLoad, loader].some((f) => /html2canvas/i.test(readFileSync(f, 'utf8'))),
    lazyOnlyInFirstLoad: LAZY_ONLY.filter(({ marker }) => [...firstLoad, loader].some((f) => marker.test(readFileSync(f, 'utf8')))).map(
      ({ name }) => name,
    ),
  };
}

export interface AppBundleSizes {
  firstLoadGzip: number;
  firstLoadFiles: { file: string; gzip: number }[];
  lazyGzip: number;
  lazyFiles: { file: string; gzip: number }[];
}

/**
 * The review app's first load: index.html, the scripts and stylesheets it names, and every script
 * those import statically; the rest of dist/app/assets (lazy views, the German widget table) apart.
 */
export function measureAppBundle(appDir = 'dist/app'): AppBundleSizes {
  const root = resolve(appDir);
  const html = join(root, 'index.html');
  if (!existsSync(html)) throw new Error(`No app build in ${appDir}: run \`npm run build\` first.`);
  const named = [...readFileSync(html, 'utf8').matchAll(/(?:src|href)="\/app\/([^"]+\.(?:js|css))"/g)].map((m) => join(root, m[1]!));
  const firstLoad = new Set<string>([html]);
  const queue = [...named];
  while (queue.length) {
    const file = queue.pop()!;
    if (firstLoad.has(file)) continue;
    firstLoad.add(file);
    if (file.endsWith('.js')) for (const spec of staticImportsOf(readFileSync(file, 'utf8'))) queue.push(resolve(dirname(file), spec));
  }
  const rows = (files: string[]) => files.map((f) => ({ file: relative(root, f), gzip: gz(f) }));
  const firstLoadFiles = rows([...firstLoad]);
  const lazyFiles = rows(walk(root).filter((f) => !firstLoad.has(f) && /\.(js|css)$/.test(f)));
  return {
    firstLoadGzip: firstLoadFiles.reduce((sum, r) => sum + r.gzip, 0),
    firstLoadFiles,
    lazyGzip: lazyFiles.reduce((sum, r) => sum + r.gzip, 0),
    lazyFiles,
  };
}
