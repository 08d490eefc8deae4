/**
 * The widget as it was before issue 20 (app.js loaded by every visitor), built beside this one so
 * the visitor bench can measure "before" and "now" in the same run. The commit's `src/` and build
 * files are unpacked with `git archive` under `.tmp/bench-baseline/widget-<commit>/` (inside this
 * checkout, so its packages resolve from this checkout's node_modules) and built there once.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The last commit before the visitor's launcher (issue 20). `BENCH_VISITOR_BASELINE=off` skips it. */
export const VISITOR_BASELINE = '4a94362';

export type WidgetBaseline = { ok: true; commit: string; widgetDir: string } | { ok: false; reason: string };

function run(command: string, args: string[], cwd?: string): { ok: boolean; out: string } {
  const { NODE_ENV: _mode, ...env } = process.env;
  const result = spawnSync(command, args, { encoding: 'utf8', cwd, env });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

export function prepareWidgetBaseline(ref = process.env.BENCH_VISITOR_BASELINE ?? VISITOR_BASELINE): WidgetBaseline {
  if (ref === 'off' || ref === '') return { ok: false, reason: 'baseline off (BENCH_VISITOR_BASELINE=off)' };
  const resolved = run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (!resolved.ok) return { ok: false, reason: `baseline ${ref} is not in this clone` };
  const commit = resolved.out.slice(0, 7);
  const root = path.resolve('.tmp', 'bench-baseline', `widget-${commit}`);
  const widgetDir = path.join(root, 'dist', 'widget');
  if (existsSync(path.join(widgetDir, 'app.js')) && existsSync(path.join(widgetDir, 'pinmark.js'))) return { ok: true, commit, widgetDir };
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const tarball = `${root}.tar`;
  const files = ['src', 'scripts', 'vite.config.ts', 'tsconfig.json', 'package.json'];
  const archived = run('git', ['archive', '--format=tar', `--output=${tarball}`, commit, ...files]);
  if (!archived.ok) return { ok: false, reason: `git archive ${commit} failed: ${archived.out}` };
  const untar = run('tar', ['-xf', tarball, '-C', root]);
  rmSync(tarball, { force: true });
  if (!untar.ok) return { ok: false, reason: `unpacking ${commit} failed: ${untar.out}` };
  const vite = path.resolve('node_modules', '.bin', 'vite');
  for (const mode of ['widget', 'loader']) {
    const built = run(vite, ['build', '--mode', mode, '--logLevel', 'error'], root);
    if (!built.ok) return { ok: false, reason: `building ${commit}'s ${mode} failed: ${built.out.slice(0, 400)}` };
  }
  return { ok: true, commit, widgetDir };
}
