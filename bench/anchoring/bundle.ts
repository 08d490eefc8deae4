/**
 * Bundles the in-page harness (bench/anchoring/harness.ts, which imports src/anchor/index.ts) into one
 * classic script with Vite's JS API, to be injected with `page.addScriptTag({content})`. It exposes
 * `window.PinmarkBench`. Built once per process; nothing is written to disk.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

let cached: Promise<string> | null = null;

export function harnessScript(): Promise<string> {
  cached ??= (async () => {
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      publicDir: false,
      build: {
        write: false,
        minify: false,
        target: 'es2022',
        lib: { entry: fileURLToPath(new URL('./harness.ts', import.meta.url)), formats: ['iife'], name: 'PinmarkBench' },
      },
    });
    const outputs = Array.isArray(result) ? result : [result];
    for (const output of outputs) {
      if ('output' in output) {
        const chunk = output.output.find((o) => o.type === 'chunk');
        if (chunk && 'code' in chunk) return chunk.code;
      }
    }
    throw new Error('bench: could not bundle the anchoring harness');
  })();
  return cached;
}
