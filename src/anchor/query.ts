/**
 * Evaluating stored paths safely. Paths come from storage and other clients, so one may be invalid,
 * absurdly long or built to be slow (`:has()` chains); none of that may throw or stall the host
 * page. Paths beyond the caps are skipped, errors are swallowed, and only rendered elements count
 * (a `display: none` match cannot carry a visible pin). First load: kept small.
 */

/** The server's own limit on a stored path. */
const MAX_PATH_LENGTH = 2000;
/** Compound selectors in one path: deep real pages need ~40; beyond that it is not a path we wrote. */
const MAX_STEPS = 64;
/** `:has()` makes matching scan subtrees; ours use one, two is generous. */
const MAX_HAS = 2;
/** A path matching more elements than this is ambiguous without looking at each match. */
export const MAX_MATCHES = 16;

/** Whether a stored path is worth evaluating at all. */
export function isEvaluable(path: unknown): path is string {
  if (typeof path !== 'string' || path.length > MAX_PATH_LENGTH || !path.trim()) return false;
  const syntax = path.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  if ((syntax.match(/:has\(/g)?.length ?? 0) > MAX_HAS) return false;
  if ((syntax.match(/[\s>+~,(]+/g)?.length ?? 0) >= MAX_STEPS) return false;
  // Nesting deeper than `:is(:not(:has()))` is no path anyone wrote for an element.
  let depth = 0;
  for (const char of syntax) {
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    if (depth > 3) return false;
  }
  return true;
}

/**
 * The rendered elements `path` matches (at most MAX_MATCHES), `'many'` when it matches more, or null
 * when it cannot be evaluated (skipped by the caps, or not a valid selector).
 */
export function renderedMatches(root: ParentNode, path: unknown): Element[] | 'many' | null {
  if (!isEvaluable(path)) return null;
  let found: ArrayLike<Element>;
  try {
    found = keyedMatches(root, path) ?? root.querySelectorAll(path);
  } catch {
    return null;
  }
  if (found.length > MAX_MATCHES) return 'many';
  return Array.from(found).filter(isRendered);
}

/**
 * `item:has(key) rest` — the shape of our keyed paths — evaluated from the key up: browsers test
 * `:has()` on every element like `item` (10 ms on a 50 000-element page), while the key is one cheap
 * lookup and its ancestors a short walk. Same result as the selector; null for any other shape.
 */
function keyedMatches(root: ParentNode, path: string): Element[] | null {
  const start = path.indexOf(':has(');
  if (start < 0 || /[\s>+~,:]/.test(path.slice(0, start))) return null;
  let end = start + 5;
  for (let quote = ''; end < path.length; end++) {
    const char = path[end]!;
    if (quote) quote = char === '\\' ? (end++, quote) : char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === ')' || /[\s>+~,(]/.test(char)) break;
  }
  const rest = path.slice(end + 1);
  if (path[end] !== ')' || (rest && !/^\s/.test(rest)) || rest.includes(':has(')) return null;
  const item = path.slice(0, start);
  const containers = new Set<Element>();
  for (const key of Array.from(root.querySelectorAll(path.slice(start + 5, end)))) {
    for (let a = key.parentElement; a; a = a.parentElement) if (a.matches(item)) containers.add(a);
  }
  if (!rest) return [...containers];
  return [...new Set([...containers].flatMap((c) => Array.from(c.querySelectorAll(`:scope${rest}`))))];
}

/** The single rendered element `path` matches, or null. */
export function uniqueMatch(root: ParentNode, path: unknown): Element | null {
  const found = renderedMatches(root, path);
  return Array.isArray(found) && found.length === 1 ? found[0]! : null;
}

export function isRendered(element: Element): boolean {
  return element.getClientRects().length > 0;
}
