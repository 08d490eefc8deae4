/**
 * The one object a Pinmark instance keeps for diagnostics, small enough for the first load: it
 * decides from the options whether the host consented, keeps recording across `init()` calls (a
 * re-init must not lose what happened since the page loaded), adopts the loader's early recorder,
 * and loads the full recorder (formatting, fetch, Resource Timing) lazily. Until that chunk arrives
 * the core keeps recording, so there is no gap; `stop()` undoes everything even mid-load.
 */
import type { PinmarkOptions } from '../../types';
import { startDiagnosticsCore, type DiagnosticsCore } from './core';
import type { DiagnosticsRecorder } from './recorder';
import { diagnosticsFile, type DiagnosticsReport } from './report';

/** The host's consent: `diagnostics: true`, or `mode: 'qa'` unless `diagnostics: false`. */
export function diagnosticsEnabled(options: Pick<PinmarkOptions, 'mode' | 'diagnostics'>): boolean {
  return typeof options.diagnostics === 'boolean' ? options.diagnostics : options.mode === 'qa';
}

export interface DiagnosticsHandle {
  /** At every init(): starts (or keeps) recording when the options consent, stops it otherwise. */
  configure(options: Pick<PinmarkOptions, 'mode' | 'diagnostics'>, ignoreUrlPrefixes: readonly string[]): void;
  /** The report for a new thread; null when diagnostics are off or the recorder cannot load. */
  snapshot(): Promise<DiagnosticsReport | null>;
  /** The same as a JSON file to upload (`pinmark-diagnostics.json`), or null. */
  file(): Promise<{ blob: Blob; filename: string } | null>;
  /** At destroy(): console, fetch and listeners back as they were. configure() may start again. */
  stop(): void;
}

type RecorderModule = Pick<typeof import('./recorder'), 'adoptEarlyDiagnostics'>;

export function createDiagnosticsHandle(
  early: unknown,
  win: Window = window,
  load: () => Promise<RecorderModule> = () => import('./recorder'),
): DiagnosticsHandle {
  // The loader's core until configure() takes it over (or stop() drops it).
  let pendingEarly: unknown = early;
  // The core being recorded into: the loader's, or one started at configure().
  let core: DiagnosticsCore | null = null;
  let recorder: Promise<DiagnosticsRecorder | null> | null = null;
  // The recorder once arrived, so stop() can undo everything synchronously.
  let arrived: DiagnosticsRecorder | null = null;
  let prefixes: readonly string[] = [];
  // Bumped by stop(): a recorder arriving for an older generation is stopped at once.
  let generation = 0;

  const ensureRecorder = (): Promise<DiagnosticsRecorder | null> => {
    if (recorder) return recorder;
    const current = generation;
    const adopting = core;
    recorder = load().then(
      (module) => {
        const ready = module.adoptEarlyDiagnostics(adopting, win, { ignoreUrlPrefixes: prefixes });
        if (current === generation) return (arrived = ready);
        ready.stop();
        return null;
      },
      () => {
        if (current === generation) recorder = null; // offline, or a deploy in between: retry later
        return null;
      },
    );
    return recorder;
  };

  const stop = () => {
    generation++;
    const dropped = pendingEarly;
    pendingEarly = undefined;
    try {
      (dropped as { stop?: () => void } | null | undefined)?.stop?.();
    } catch {
      /* an incompatible early object: nothing else to do */
    }
    core?.stop();
    core = null;
    arrived?.stop();
    arrived = null;
    recorder = null; // one still loading sees the new generation and stops itself
  };

  const snapshot = (): Promise<DiagnosticsReport | null> =>
    core
      ? ensureRecorder().then(
          (ready) => (ready ? ready.snapshot() : null),
          () => null,
        )
      : Promise.resolve(null);

  return {
    configure(options, ignoreUrlPrefixes) {
      try {
        prefixes = ignoreUrlPrefixes;
        if (!diagnosticsEnabled(options)) return void stop();
        if (core && !core.stopped) {
          arrived?.setIgnoredUrlPrefixes(prefixes); // a recorder still loading reads `prefixes` on arrival
          return;
        }
        // Record from this moment, not from when the recorder's chunk arrives.
        const early = pendingEarly;
        pendingEarly = undefined;
        if (isLiveCore(early)) core = early;
        else {
          (early as { stop?: () => void } | null | undefined)?.stop?.();
          core = startDiagnosticsCore(win);
        }
        arrived?.stop();
        arrived = null;
        recorder = null;
        void ensureRecorder();
      } catch {
        /* diagnostics are a nicety: never let them break init() */
      }
    },
    snapshot,
    file: () => snapshot().then((report) => (report ? diagnosticsFile(report) : null)),
    stop,
  };
}

function isLiveCore(value: unknown): value is DiagnosticsCore {
  const core = value as Partial<DiagnosticsCore> | null | undefined;
  return !!core && core.version === 1 && !core.stopped && !core.format;
}
