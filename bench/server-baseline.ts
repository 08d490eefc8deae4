/**
 * An earlier commit's server, runnable beside this one, so the latency bench can measure "before"
 * and "now" in the same run, on the same machine load, alternating (figures from another day on a
 * shared 2-core box are not comparable). The commit's `server/` and the wire types it imports
 * (`src/api/`) are unpacked with `git archive` under `.tmp/bench-baseline/<commit>/`, which lies
 * inside this checkout, so Node resolves its packages from this checkout's `node_modules`.
 * Nothing in the working tree or the repository changes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * The commits the write-path work of issue 15 is measured against: where it started (`ffb7854`),
 * and where its second round started (`fc09023`: 4 statements a write, PGlite re-planning every
 * statement). `POST /threads` and `POST /threads/:id/messages` are measured on each and on the
 * working tree. `BENCH_LATENCY_BASELINE=<commit>[,<commit>…]` picks others, `off` measures the
 * working tree alone.
 */
export const WRITE_PATH_BASELINES = ['ffb7854', 'fc09023'];

export type Baseline = { ok: true; commit: string; root: string } | { ok: false; reason: string };

function git(args: string[]): { ok: boolean; out: string } {
  const result = spawnSync('git', args, { encoding: 'utf8' });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

/** Every baseline asked for (BENCH_LATENCY_BASELINE, else WRITE_PATH_BASELINES), each unpacked. */
export function prepareBaselines(refs = process.env.BENCH_LATENCY_BASELINE?.split(',') ?? WRITE_PATH_BASELINES): Baseline[] {
  return refs.map((ref) => prepareBaseline(ref.trim()));
}

/** The baseline's checkout, unpacked once per commit and reused by later runs. */
export function prepareBaseline(ref: string): Baseline {
  if (ref === 'off' || ref === '') return { ok: false, reason: 'baseline off (BENCH_LATENCY_BASELINE=off)' };
  const resolved = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (!resolved.ok) return { ok: false, reason: `baseline ${ref} is not in this clone` };
  const commit = resolved.out.slice(0, 7);
  const root = path.resolve('.tmp', 'bench-baseline', commit);
  if (existsSync(path.join(root, 'server', 'main.ts'))) return { ok: true, commit, root };
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  // git archive | tar, without a shell: archive to a file first.
  const tarball = `${root}.tar`;
  // Since the e-mail notifications (issue 18) the server also imports the review app's export helpers.
  const paths = git(['cat-file', '-e', `${commit}:app/export`]).ok ? ['server', 'src/api', 'app/export'] : ['server', 'src/api'];
  const archived = git(['archive', '--format=tar', `--output=${tarball}`, commit, ...paths]);
  if (!archived.ok) return { ok: false, reason: `git archive ${commit} failed: ${archived.out}` };
  const untar = spawnSync('tar', ['-xf', tarball, '-C', root], { encoding: 'utf8' });
  rmSync(tarball, { force: true });
  if (untar.status !== 0) return { ok: false, reason: `unpacking ${commit} failed: ${untar.stderr}` };
  return { ok: true, commit, root };
}
