/**
 * Undo/redo as an immutable history of shape arrays: every change (add, move, resize, delete, text
 * edit, recolour) pushes a whole new array, so undo is "show the previous array" and can never leave
 * a half-applied edit behind. Arrays share their unchanged shapes, so a long history stays cheap.
 */
import { useRef, useState } from 'preact/hooks';
import type { Shape } from './model';

const LIMIT = 200;

export interface History {
  past: readonly (readonly Shape[])[];
  present: readonly Shape[];
  future: readonly (readonly Shape[])[];
}

export function createHistory(present: readonly Shape[]): History {
  return { past: [], present, future: [] };
}

export function pushHistory(history: History, next: readonly Shape[]): History {
  if (next === history.present) return history;
  return { past: [...history.past, history.present].slice(-LIMIT), present: next, future: [] };
}

export function undoHistory(history: History): History {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redoHistory(history: History): History {
  const [next, ...future] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future };
}

export interface ShapeHistory {
  /** Always the latest state, even inside a handler that runs before the next render. */
  current(): History;
  push(next: readonly Shape[]): void;
  /** False when there was nothing to undo. */
  undo(): boolean;
  redo(): boolean;
}

/** The history in a ref (handlers read it synchronously) with a render after every change. */
export function useShapeHistory(initial: readonly Shape[]): ShapeHistory {
  const ref = useRef<History | null>(null);
  ref.current ??= createHistory(initial);
  const [, rerender] = useState(0);
  const apply = (change: (history: History) => History): boolean => {
    const before = ref.current!;
    const after = change(before);
    if (after === before) return false;
    ref.current = after;
    rerender((n) => n + 1);
    return true;
  };
  // Stable functions: they only touch the ref.
  const api = useRef<ShapeHistory | null>(null);
  api.current ??= {
    current: () => ref.current!,
    push: (next) => void apply((h) => pushHistory(h, next)),
    undo: () => apply(undoHistory),
    redo: () => apply(redoHistory),
  };
  return api.current;
}
