/**
 * Source positions a page itself carries for an element (or its nearest ancestor that has one):
 * the attributes markdown renderers and framework dev plugins add, and React's development
 * builds' `_debugSource`. Runs in the page. Each is reported as given, with where it came from.
 */
export interface SourceHint {
  /** What gave it: the attribute's name, or `react-debug-source`. */
  from: string;
  /** The raw value as the page has it. */
  raw: string;
  file: string | null;
  line: number | null;
  column: number | null;
  /** 0: the element itself; n: its n-th ancestor. */
  depth: number;
}

const num = (value: string | null | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** `file:line:col`, `file:line`, or `line:col` (file null). */
function fileLineColumn(raw: string): Pick<SourceHint, 'file' | 'line' | 'column'> {
  const match = /^(?:(.*?):)?(\d+)(?::(\d+))?$/.exec(raw.trim());
  if (!match) return { file: raw || null, line: null, column: null };
  return { file: match[1] || null, line: num(match[2]), column: num(match[3]) };
}

function fromElement(element: Element): Omit<SourceHint, 'depth'> | null {
  const attr = (name: string) => element.getAttribute(name);
  const sourcepos = attr('data-sourcepos');
  if (sourcepos) {
    const match = /^(\d+):(\d+)/.exec(sourcepos);
    return { from: 'data-sourcepos', raw: sourcepos, file: null, line: num(match?.[1]), column: num(match?.[2]) };
  }
  for (const name of ['data-source', 'data-source-loc', 'data-v-inspector', 'data-locator']) {
    const value = attr(name);
    if (value) return { from: name, raw: value, ...fileLineColumn(value) };
  }
  const astroFile = attr('data-astro-source-file');
  if (astroFile) {
    const loc = fileLineColumn(attr('data-astro-source-loc') ?? '');
    return {
      from: 'data-astro-source-file',
      raw: `${astroFile}:${attr('data-astro-source-loc') ?? ''}`,
      file: astroFile,
      line: loc.line,
      column: loc.column,
    };
  }
  for (const [fileAttr, lineAttr, columnAttr] of [
    ['data-source-file', 'data-source-line', 'data-source-column'],
    ['data-inspector-relative-path', 'data-inspector-line', 'data-inspector-column'],
  ] as const) {
    const file = attr(fileAttr);
    if (file)
      return { from: fileAttr, raw: `${file}:${attr(lineAttr) ?? ''}`, file, line: num(attr(lineAttr)), column: num(attr(columnAttr)) };
  }
  return reactDebugSource(element);
}

interface Fiber {
  _debugSource?: { fileName?: string; lineNumber?: number; columnNumber?: number };
  return?: Fiber | null;
}

/** React ≤ 18 development builds: the JSX position of the nearest component element. */
function reactDebugSource(element: Element): Omit<SourceHint, 'depth'> | null {
  const key = Object.keys(element).find((k) => k.startsWith('__reactFiber$'));
  let fiber = key ? ((element as unknown as Record<string, Fiber>)[key] ?? null) : null;
  for (let hops = 0; fiber && hops < 50; hops++, fiber = fiber.return ?? null) {
    const source = fiber._debugSource;
    if (source?.fileName)
      return {
        from: 'react-debug-source',
        raw: `${source.fileName}:${source.lineNumber ?? ''}:${source.columnNumber ?? ''}`,
        file: source.fileName,
        line: source.lineNumber ?? null,
        column: source.columnNumber ?? null,
      };
  }
  return null;
}

export function sourceHint(element: Element): SourceHint | null {
  let depth = 0;
  for (let node: Element | null = element; node; node = node.parentElement, depth++) {
    const hint = fromElement(node);
    if (hint) return { ...hint, depth };
  }
  return null;
}
