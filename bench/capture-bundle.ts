/**
 * The capture bench's page script (bench/capture.ts): html2canvas and the widget's screenshot module
 * bundled into one file with Vite's build API, html2canvas sliced as the widget ships it.
 */
import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { html2canvasSlices } from '../scripts/html2canvas-slices.ts';

/** BENCH_CAPTURE_MODULE measures another copy of the screenshot code (e.g. the last commit's, for before/after). */
const SCREENSHOT_MODULE = resolve(process.env.BENCH_CAPTURE_MODULE ?? resolve(import.meta.dirname, '../src/capture/screenshot/index.ts'));
const ENTRY = '\0pinmark-capture-bench';

/** html2canvas and the screenshot module in one file (html2canvas's lazy import inlined). */
export async function bundle(minify = true): Promise<string> {
  const source = [
    `import html2canvas from 'html2canvas';`,
    `import { captureViewport, canvasToBlob, BUILT_IN_PRIVATE_SELECTORS as privateSelectors } from ${JSON.stringify(SCREENSHOT_MODULE)};`,
    // As the widget does (src/state/actions/screenshot-actions.ts): cross-origin images the page did
    // not load with CORS come through the server's image relay, each fetched once per page.
    `const relay = window.__captureRelay, relayed = new Map();`,
    `const foreignImage = relay ? (url) => { if (!relayed.has(url)) relayed.set(url, fetch(relay.base + '/api/v2/image-relay?url=' + encodeURIComponent(url), { headers: { Authorization: 'Bearer ' + relay.token, 'Service-API-Version': '2023-02-22' }, credentials: 'omit' }).then((r) => (r.ok ? r.blob() : null), () => null)); return relayed.get(url); } : undefined;`,
    `window.__captureBench = { html2canvas, captureViewport: (options) => captureViewport({ foreignImage, ...options }), canvasToBlob, privateSelectors };`,
  ].join('\n');
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // html2canvas as the widget ships it (sliced, scripts/html2canvas-slices.ts): "ours" sets its hooks
    // and yields to the page; "naive" calls it without hooks, which runs it straight through as upstream.
    plugins: [
      html2canvasSlices(),
      {
        name: 'capture-bench-entry',
        resolveId: (id) => (id === 'capture-bench' ? ENTRY : undefined),
        load: (id) => (id === ENTRY ? source : undefined),
      },
    ],
    build: {
      write: false,
      minify,
      target: 'es2020',
      rolldownOptions: { input: 'capture-bench', output: { format: 'es', codeSplitting: false } },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const first = Array.isArray(output) ? output[0]! : output;
  const chunk = first.output.find((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  if (!chunk) throw new Error('the capture bench bundle is empty');
  return chunk.code;
}
