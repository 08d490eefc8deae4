/**
 * Runs inside the page (bundled by locate/bundle.ts): the widget's own anchoring (src/anchor) finds
 * the thread's element, then this describes it for a person or an agent — a head of its outerHTML,
 * a selector that matches it alone, the source position a data attribute or a development build
 * gives, and where its start tag is in the page's raw HTML (found in a parse of that HTML).
 */
import type { ThreadResponse } from '../../src/api/wire';
import { anchorFromThread } from '../../src/anchor/from-thread';
import { resolvePin } from '../../src/anchor/locate';
import { MARKS } from '../../src/anchor/fingerprint';
import { sourceHint, type SourceHint } from './source-hints.ts';

export interface PageLocation {
  status: 'exact' | 'approximate' | 'orphaned';
  found: boolean;
  tag?: string;
  selector?: string;
  outerHtml?: string;
  text?: string;
  box?: { x: number; y: number; width: number; height: number };
  hint?: SourceHint | null;
  /** The element's place among the elements of its tag in a fresh parse of `rawHtml`. */
  ordinal?: { tag: string; index: number; count: number } | null;
  /** How many of the stored selectors match this element alone. */
  agreeing?: number;
}

const escape = (value: string) => CSS.escape(value);

function unique(selector: string, element: Element): boolean {
  try {
    const found = element.ownerDocument.querySelectorAll(selector);
    return found.length === 1 && found[0] === element;
  } catch {
    return false;
  }
}

function ownStep(element: Element): string {
  const tag = element.localName;
  const parent = element.parentElement;
  if (!parent) return tag;
  const same = [...parent.children].filter((c) => c.localName === tag);
  return same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(element) + 1})` : tag;
}

/** A selector matching only `element`: a stored one that does, else a path from the nearest unique id. */
function selectorFor(element: Element, stored: string[]): string {
  const readable = stored.map((s) => s.replace(MARKS, '')).find((s) => unique(s, element));
  if (readable) return readable;
  const steps: string[] = [];
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.id && unique(`#${escape(node.id)}`, node)) {
      steps.unshift(`#${escape(node.id)}`);
      break;
    }
    steps.unshift(ownStep(node));
  }
  return steps.join(' > ');
}

/** The tag path from the root: [tag, index among its same-tag siblings]. */
function tagPath(element: Element): [string, number][] {
  const path: [string, number][] = [];
  for (let node: Element | null = element; node; node = node.parentElement) {
    const parent = node.parentElement;
    const same = parent ? [...parent.children].filter((c) => c.localName === node!.localName) : [node];
    path.unshift([node.localName, same.indexOf(node)]);
  }
  return path;
}

function ordinalIn(rawHtml: string, element: Element): PageLocation['ordinal'] {
  const parsed = new DOMParser().parseFromString(rawHtml, 'text/html');
  let node: Element | null = null;
  for (const [tag, index] of tagPath(element)) {
    const pool: Element[] = node ? [...node.children] : [parsed.documentElement];
    node = pool.filter((c) => c.localName === tag)[index] ?? null;
    if (!node) return null;
  }
  if (!node) return null;
  const all = [...parsed.getElementsByTagName(node.localName)];
  return { tag: node.localName, index: all.indexOf(node), count: all.length };
}

function headOf(element: Element): string {
  const html = element.outerHTML;
  return html.length > 300 ? `${html.slice(0, 299)}…` : html;
}

export function locateThread(thread: ThreadResponse, rawHtml: string | null): PageLocation {
  const resolved = resolvePin(anchorFromThread(thread), document);
  const element = resolved.element;
  if (!element) return { status: resolved.status, found: false };
  const stored = (thread.elements ?? []).map((e) => e.path);
  const rect = element.getBoundingClientRect();
  return {
    status: resolved.status,
    found: true,
    tag: element.localName,
    selector: selectorFor(element, stored),
    outerHtml: headOf(element),
    text: (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200),
    box: {
      x: Math.round(rect.x + scrollX),
      y: Math.round(rect.y + scrollY),
      width: Math.round(rect.width),
      height: Math.round(rect.height),
    },
    hint: sourceHint(element),
    ordinal: rawHtml ? ordinalIn(rawHtml, element) : null,
    agreeing: stored.filter((s) => unique(s, element)).length,
  };
}

(globalThis as unknown as { __pinmarkLocate: typeof locateThread }).__pinmarkLocate = locateThread;
