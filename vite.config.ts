/**
 * The builds, picked by `--mode` (paths are fixed: the server, e2e tests and benchmarks depend on them):
 *   widget   → dist/widget/app.js (ES module the loader imports on intent) + dist/widget/chunks/[name]-[hash].js
 *   loader   → dist/widget/pinmark.js (classic IIFE script, no imports; keeps app.js and chunks)
 *   launcher → dist/widget/launcher.js (ES module, self-contained: the visitor's launcher, src/visitor)
 *   npm    → dist/npm/index.js (ESM, dependencies external); tsconfig.npm.json adds index.d.ts
 *   app    → dist/app/index.html + dist/app/assets/[name]-[hash].{js,css}: the review app (app/,
 *            issue 16), served at /app by server/routes/app-static.ts
 */
import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import { html2canvasSlices } from './scripts/html2canvas-slices.ts';

const root = import.meta.dirname;
const src = (path: string) => resolve(root, 'src', path);

const shared: UserConfig = {
  // JSX is Preact's automatic runtime (tsconfig says the same; this makes the build explicit).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  publicDir: false,
  // html2canvas parses and paints in time slices (the widget never blocks the host for long).
  plugins: [html2canvasSlices()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
};

const external = (id: string) => /^(preact|@preact\/signals|@medv\/finder)(\/|$)/.test(id);

export default defineConfig(({ mode }): UserConfig => {
  switch (mode) {
    case 'widget':
      return {
        ...shared,
        build: {
          outDir: 'dist/widget',
          emptyOutDir: true,
          target: 'es2020',
          minify: true,
          cssMinify: true,
          sourcemap: false,
          reportCompressedSize: true,
          lib: { entry: src('embed.ts'), formats: ['es'], fileName: () => 'app.js' },
          rolldownOptions: {
            // Lets code shared by app.js and the lazy chunks stay in app.js (one request for the
            // first load, no waterfall) instead of a separate common chunk.
            preserveEntrySignatures: 'allow-extension',
            // Lib mode keeps whitespace and annotations in ES output by default; this file ships to visitors.
            output: {
              chunkFileNames: 'chunks/[name]-[hash].js',
              minify: true,
              comments: false,
              // Everything the entry loads statically goes into app.js itself. Without this group
              // rolldown splits modules shared with lazy chunks (preact, ListenerCollection) into
              // common chunks app.js imports (rolldown#10731): a second request before the launcher.
              // The rich-text editor and the message renderer get chunks of their own (shared by the
              // compose and review chunks; `npm run bench` reports their size by these names).
              codeSplitting: {
                groups: [
                  { name: 'app', tags: ['$initial'] },
                  { name: 'editor', test: /[\\/]src[\\/](ui[\\/]editor[\\/]|delta[\\/]dom\.ts)/ },
                  {
                    name: 'delta-render',
                    test: /[\\/]src[\\/]delta[\\/](render|clean|read|normalize)\.ts|[\\/]src[\\/]delta[\\/]delta\.css/,
                  },
                ],
              },
            },
          },
        },
      };
    case 'launcher':
      // The visitor's launcher (src/visitor): one self-contained ES module beside app.js, so a
      // visitor who never shows intent downloads the loader and this file and nothing else.
      return {
        ...shared,
        build: {
          outDir: 'dist/widget',
          emptyOutDir: false,
          target: 'es2020',
          minify: true,
          cssMinify: true,
          sourcemap: false,
          lib: { entry: src('visitor/index.ts'), formats: ['es'], fileName: () => 'launcher.js' },
          rolldownOptions: {
            preserveEntrySignatures: 'strict',
            output: { codeSplitting: false, minify: true, comments: false },
          },
        },
      };
    case 'loader':
      return {
        ...shared,
        build: {
          outDir: 'dist/widget',
          emptyOutDir: false,
          target: 'es2020',
          minify: true,
          sourcemap: false,
          rolldownOptions: {
            input: src('loader/index.ts'),
            output: {
              format: 'iife',
              entryFileNames: 'pinmark.js',
              codeSplitting: false,
              minify: true,
              comments: false,
            },
          },
        },
      };
    case 'npm':
      return {
        ...shared,
        build: {
          outDir: 'dist/npm',
          emptyOutDir: true,
          target: 'es2020',
          minify: false,
          cssMinify: true,
          sourcemap: true,
          lib: { entry: src('index.ts'), formats: ['es'], fileName: () => 'index.js' },
          rolldownOptions: { external },
        },
      };
    case 'app':
      return {
        ...shared,
        plugins: [],
        root: resolve(root, 'app'),
        base: '/app/',
        build: {
          outDir: resolve(root, 'dist/app'),
          emptyOutDir: true,
          target: 'es2022',
          minify: true,
          cssMinify: true,
          sourcemap: false,
          reportCompressedSize: true,
          // The page's policy allows no inline script: no modulepreload polyfill, assets as files.
          modulePreload: { polyfill: false },
          // .vite/manifest.json: the server reads which chunks a route needs, to hint them in its page
          // (server/routes/app-route-hints.ts); it never serves the file.
          manifest: true,
          assetsInlineLimit: 0,
          rolldownOptions: {
            output: {
              entryFileNames: 'assets/[name]-[hash].js',
              chunkFileNames: 'assets/[name]-[hash].js',
              assetFileNames: 'assets/[name]-[hash][extname]',
              comments: false,
              // As the widget's app.js: what the entry loads statically stays in it, not in common
              // chunks shared with lazy ones (rolldown#10731; the file review's chunks, two levels deep, split it).
              codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
            },
          },
        },
      };
    default:
      // `vite` without a mode (e.g. tooling reading the config) gets the shared settings only.
      return shared;
  }
});
