/**
 * What a stored path relies on, read from its text (paths from other clients carry no labels):
 * `free` paths use names only, `forward` paths count siblings from the start, `backward` ones from the
 * end. Counting paths fail silently — after an insertion they match a neighbour — so the locator
 * trusts them only when the two directions agree or a position-free path confirms them.
 * Shared by describing and locating; tiny on purpose (first load).
 */
export type PathKind = 'free' | 'forward' | 'backward';

export function pathKind(path: string): PathKind {
  // Quoted attribute values may contain anything; only the selector's own syntax counts.
  const syntax = path.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  if (/:(nth-last-child|nth-last-of-type|last-child|last-of-type)\b/.test(syntax)) return 'backward';
  if (/:(nth-child|nth-of-type|first-child|first-of-type)\b/.test(syntax)) return 'forward';
  return 'free';
}

export function isPositionFree(path: string): boolean {
  return pathKind(path) === 'free';
}
