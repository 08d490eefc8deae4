/**
 * The in-page side of the anchoring benchmarks, bundled (with src/anchor) into one script that the
 * Node side injects into headless Chromium. A survival trial builds a corpus page in an iframe (so
 * media queries see a real viewport, and nothing of the harness is in the DOM the describer sees),
 * drops a pin on a random element like a reviewer would, serialises the anchor as the server would
 * store it, changes the page, locates the pin again and says how that went. The cost probes time
 * describePin/resolvePin on a 50 000-element page, one call per task so long tasks are visible.
 */
import { unmarked } from '../../src/anchor/fingerprint.ts';
import { describePin, resolvePin, type PinAnchor, type ResolvedPin } from '../../src/anchor/index.ts';
import { buildBigPage } from './big-page.ts';
import { CORPUS } from './corpus/index.ts';
import { Gen, Rng } from './gen.ts';
import { Identity, MUTATIONS, type MutationName } from './mutations.ts';

const BASE_CSS = 'html,body{margin:0}body{font:14px/1.4 system-ui,sans-serif}img{background:#ccc;max-width:100%}svg{display:block}';
export const DESCRIBE_WIDTH = 1280;

/** same: exact on the pinned element; wrong: exact on another element, or approximate on one that does not contain it. */
export type Outcome = 'same' | 'approximate' | 'orphaned' | 'wrong';

export interface TrialResult {
  outcome: Outcome;
  /** The outcome had the anchor carried no content marks (selectors only). */
  plain: Outcome;
  page: string;
  /** What reproduces the trial: `trial(pageIndex, seed, mutation, true)`. */
  pageIndex: number;
  seed: number;
  status: string;
  describeMs: number;
  /** For reading failures: the paths written, and what was pinned / found. */
  paths?: string[];
  pinned?: string;
  found?: string;
}

let frame: HTMLIFrameElement | null = null;

function freshDocument(css: string, body: string, width: number): Document {
  if (!frame) {
    frame = document.createElement('iframe');
    frame.style.cssText = `border:0;height:900px;width:${width}px`;
    document.body.append(frame);
  }
  frame.style.width = `${width}px`;
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(`<!doctype html><html><head><style>${BASE_CSS}</style><style>${css}</style></head><body>${body}</body></html>`);
  doc.close();
  return doc;
}

/** What a reviewer clicks: any visible element, content (leaves, small boxes) more often than big containers. */
function pickTarget(doc: Document, rng: Rng): Element {
  const weighted: [Element, number][] = [];
  let total = 0;
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    if (/^(script|style|br|option|path|head|title|meta)$/.test(element.localName)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) continue;
    const weight = element.childElementCount === 0 ? 3 : element.childElementCount <= 3 ? 2 : 1;
    weighted.push([element, weight]);
    total += weight;
  }
  let roll = rng.next() * total;
  for (const [element, weight] of weighted) if ((roll -= weight) <= 0) return element;
  return weighted[weighted.length - 1]![0];
}

const describeElement = (e: Element | null) =>
  e
    ? `<${e.localName}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}> "${(e.textContent ?? '').trim().slice(0, 40)}"`
    : 'null';

export function trial(pageIndex: number, seed: number, mutation: MutationName, verbose = false): TrialResult {
  const rng = new Rng(seed);
  const gen = new Gen(rng);
  const { name, build } = CORPUS[pageIndex % CORPUS.length]!;
  const page = build(gen);
  const doc = freshDocument(page.css, page.body, DESCRIBE_WIDTH);
  const target = pickTarget(doc, rng);
  const rect = target.getBoundingClientRect();
  const started = performance.now();
  const described = describePin(target, rect.left + rect.width * rng.next(), rect.top + rect.height * rng.next());
  const describeMs = performance.now() - started;
  const anchor: PinAnchor = JSON.parse(JSON.stringify(described));
  const ancestors = new Set<Element>();
  for (let e = target.parentElement; e; e = e.parentElement) ancestors.add(e);

  const identity = new Identity();
  MUTATIONS[mutation]({ doc, target, identity, rng, gen, setViewportWidth: (width) => (frame!.style.width = `${width}px`) });

  const now = identity.current(doc, target);
  const classify = (resolved: ResolvedPin): Outcome => {
    const found = resolved.element;
    if (resolved.status === 'orphaned') return 'orphaned';
    if (resolved.status === 'exact') return found && identity.of(found) === target ? 'same' : 'wrong';
    if (!found) return 'approximate';
    if (now) return found.contains(now) ? 'approximate' : 'wrong';
    return ancestors.has(identity.of(found)) ? 'approximate' : 'wrong';
  };
  const resolved = resolvePin(anchor, doc);
  const outcome = classify(resolved);
  // The same pin without its content marks: what selectors alone achieve (for the comparison column).
  const plain = classify(
    resolvePin({ ...anchor, elements: anchor.elements.map((e) => ({ ...e, elementPath: unmarked(e.elementPath) })) }, doc),
  );
  const found = resolved.element;

  const result: TrialResult = { outcome, plain, page: name, pageIndex, seed, status: resolved.status, describeMs };
  if (verbose || outcome !== 'same') {
    const explain = (path: string) => {
      let found: Element[];
      try {
        found = Array.from(doc.querySelectorAll(path));
      } catch {
        return `${path}  → invalid`;
      }
      return `${path}  → ${found.length} match(es)${found.length === 1 ? (found[0] === now ? ' = pinned' : ' ≠ pinned') : found.some((f) => f === now) ? ' incl. pinned' : ''}`;
    };
    result.paths = [
      ...anchor.elements.map((e) => explain(e.elementPath)),
      ...anchor.elementParents.map((p) => `  parent ${p.depth}: ${explain(p.path)}`),
    ];
    result.pinned = describeElement(target);
    result.found = describeElement(found);
  }
  return result;
}

export function runBatch(specs: [number, number, MutationName][], verbose = false): TrialResult[] {
  return specs.map(([pageIndex, seed, mutation]) => trial(pageIndex, seed, mutation, verbose));
}

/** Builds the big page into this document; returns its element count. */
export function bigPage(count: number, seed: number): number {
  return buildBigPage(document, count, new Rng(seed));
}

export interface CostSample {
  describeMs: number[];
  resolveMs: number[];
  pathsPerPin: number;
  exact: number;
  longTasks: number[];
}

/** `n` describes of random visible targets, each in its own task, then one resolve of each pin. */
export async function describeCost(n: number, seed: number): Promise<CostSample> {
  const rng = new Rng(seed);
  const all = Array.from(document.body.querySelectorAll('*')).filter((e) => e.getClientRects().length > 0);
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration)));
  observer.observe({ type: 'longtask' });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const anchors: [PinAnchor, Element][] = [];
  const describeMs: number[] = [];
  for (let i = 0; i < n; i++) {
    const target = rng.pick(all);
    const rect = target.getBoundingClientRect();
    await tick();
    const start = performance.now();
    const anchor = describePin(target, rect.left + rect.width / 2, rect.top + rect.height / 2);
    describeMs.push(performance.now() - start);
    anchors.push([anchor, target]);
  }
  const resolveMs: number[] = [];
  let exact = 0;
  for (const [anchor, target] of anchors) {
    await tick();
    const start = performance.now();
    const resolved = resolvePin(anchor);
    resolveMs.push(performance.now() - start);
    if (resolved.status === 'exact' && resolved.element === target) exact++;
  }
  await tick();
  observer.disconnect();
  return { describeMs, resolveMs, exact, pathsPerPin: anchors.reduce((s, [a]) => s + a.elements.length, 0) / anchors.length, longTasks };
}

export const corpusNames = CORPUS.map((c) => c.name);
export const mutationNames = Object.keys(MUTATIONS);
