/**
 * The page side of `pinmark locate` as one classic script: locate/page-script.ts with the widget's
 * anchoring (src/anchor) bundled by esbuild when first needed (≈ 50 ms), so the page runs exactly
 * the code the widget runs, from this checkout.
 */
import { fileURLToPath } from 'node:url';

let cached: Promise<string> | undefined;

export function pageScript(): Promise<string> {
  cached ??= (async () => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./page-script.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      platform: 'browser',
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  })();
  return cached;
}
