/**
 * Prepares html2canvas's cloned document before it is parsed. html2canvas reads the computed style of
 * every element and measures every word of text, even on a 30-screen page of which one screen is
 * visible; here whole off-screen subtrees are hidden with `visibility: hidden !important` (html2canvas
 * skips the subtree of an invisible element, and visibility keeps the layout unchanged), and the
 * same walk rewrites modern colours html2canvas would choke on (modern-colors.ts) and hides ink the
 * browser does not paint but html2canvas would (visually hidden text, removed list markers: hidden-ink.ts).
 *
 * The walk mirrors html2canvas's own: every element it visits is one html2canvas will parse, so every
 * one of them gets its colours fixed, and it descends only where html2canvas will. Layout in the clone
 * iframe matches the page at the same scroll position, so the clone's own rectangles are used. The
 * elements html2canvas will draw are also shown to the clone repairs (clone-repairs.ts).
 */
import type { CloneRepairs } from './clone-repairs';
import { clipsEverything, markerRemoved } from './hidden-ink';
import { colorOverrides, type ColorConverter } from './modern-colors';
import type { CaptureStats, CloneArea } from './types';

export type { CloneArea };

/** The reviewer's viewport in the clone's client coordinates. */
/** Slack around the viewport for box-shadows, outlines and other ink outside the border box. */
const MARGIN = 100;
const GRID_COLUMNS = 12;
const GRID_ROWS = 10;
/** html2canvas renders these as a whole (serialised SVG, form values) and never descends into them. */
const OPAQUE_TO_HTML2CANVAS = new Set(['svg', 'textarea', 'select']);

/**
 * `skipped`: where our html2canvas rewrite can be told to skip elements, the hidden ones are put there
 * instead of styled: no style write, so the clone is not styled again before html2canvas reads it.
 */
export function prepareClone(
  cloneDoc: Document,
  area: CloneArea,
  convert: ColorConverter,
  repairs?: CloneRepairs,
  skipped?: WeakSet<Element>,
): CaptureStats {
  const win = cloneDoc.defaultView;
  const body = cloneDoc.body;
  if (!win || !body) return { visited: 0, pruned: 0, recoloured: 0 };
  releaseBodyOverflow(cloneDoc, win);
  const keep = ancestorsOfVisibleElements(cloneDoc, area);
  const hide: Element[] = [];
  const unmark: Element[] = [];
  const recolour: Array<[Element, Array<[string, string]>]> = [];
  const fixColors = (element: Element, style: CSSStyleDeclaration): void => {
    const overrides = colorOverrides(style, convert);
    if (overrides) recolour.push([element, overrides]);
  };

  // html2canvas reads the root's and the body's background for the canvas colour.
  fixColors(cloneDoc.documentElement, win.getComputedStyle(cloneDoc.documentElement));
  fixColors(body, win.getComputedStyle(body));

  // All reads first, all writes after: interleaving them would force a style recalc per element.
  let visited = 0;
  const stack = [...body.children].reverse();
  for (let element = stack.pop(); element; element = stack.pop()) {
    visited++;
    const style = win.getComputedStyle(element);
    fixColors(element, style);
    if (style.display === 'none') continue;
    // Visually hidden (sr-only) text: html2canvas ignores clip and clip-path and would draw it.
    if (clipsEverything(style)) {
      hide.push(element);
      continue;
    }
    if (!keep.has(element) && canHide(style) && isOffscreen(element, area)) {
      hide.push(element);
      continue;
    }
    if (style.visibility !== 'visible' || style.opacity === '0') continue;
    if (markerRemoved(element, style, win)) unmark.push(element);
    repairs?.visit(element, style);
    if (OPAQUE_TO_HTML2CANVAS.has(element.localName)) continue;
    for (let child = element.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  }

  const repairWrites = repairs?.plan(area) ?? [];

  for (const [element, overrides] of recolour) {
    const style = (element as HTMLElement).style;
    for (const [property, value] of overrides) style?.setProperty(property, value, 'important');
  }
  for (const element of hide) {
    if (skipped) skipped.add(element);
    else (element as HTMLElement).style?.setProperty('visibility', 'hidden', 'important');
  }
  for (const element of unmark) (element as HTMLElement).style?.setProperty('list-style', 'none', 'important');
  // After the colour overrides: a conic repair rewrites the whole background-image, colours included.
  for (const write of repairWrites) write();
  return { visited, pruned: hide.length, recoloured: recolour.length };
}

/**
 * html2canvas copies every computed property (hundreds) onto each cloned SVG node, while cloning the
 * whole page and before `onclone` can prune anything: a page of icons spends most of a capture
 * there. The inside of an <svg> never affects the layout around it, so the content of off-screen and
 * empty SVGs (measured in the live page) is left out of the clone; the <svg> boxes themselves stay.
 */
export function offscreenSvgContent(
  width: number,
  height: number,
): ((element: Element) => boolean) & { root: (element: Element) => boolean } {
  const decided = new WeakMap<Element, boolean>();
  const leftOut = (owner: Element): boolean => {
    let skip = decided.get(owner);
    if (skip === undefined) {
      const box = owner.getBoundingClientRect();
      skip =
        box.width === 0 ||
        box.height === 0 ||
        box.right < -MARGIN ||
        box.bottom < -MARGIN ||
        box.left > width + MARGIN ||
        box.top > height + MARGIN;
      decided.set(owner, skip);
    }
    return skip;
  };
  const content = (element: Element): boolean => {
    const owner = (element as Partial<SVGElement>).ownerSVGElement;
    return owner ? leftOut(owner) : false;
  };
  // Such an <svg> is never drawn, and the page's style sheets lay its copy out as they do the page's:
  // html2canvas's copy of its few hundred computed properties (for drawing) is skipped too.
  const root = (element: Element): boolean => element.localName === 'svg' && !(element as SVGElement).ownerSVGElement && leftOut(element);
  return Object.assign(content, { root });
}

/**
 * For the copy itself (before `onclone`): whether an element of the live page lies wholly and far
 * outside the viewport, so its pseudo-elements need not be made drawable (html2canvas copies each
 * one's whole computed style). Empty boxes are not decided (their pseudo-elements may be all there is).
 */
export function farOffscreen(width: number, height: number): (element: Element) => boolean {
  return (element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    return box.right < -MARGIN || box.bottom < -MARGIN || box.left > width + MARGIN || box.top > height + MARGIN;
  };
}

/**
 * `body { overflow-x: hidden }` applies to the viewport in browsers (the body's overflow propagates
 * when the root's is visible), but html2canvas clips the body's children to the body's box: a page
 * scrolled past the first screen would come out blank. The body never clipped anything; say so.
 */
function releaseBodyOverflow(cloneDoc: Document, win: Window): void {
  const body = cloneDoc.body;
  const root = win.getComputedStyle(cloneDoc.documentElement);
  const own = win.getComputedStyle(body);
  if (root.overflowX === 'visible' && root.overflowY === 'visible' && (own.overflowX !== 'visible' || own.overflowY !== 'visible')) {
    body.style.setProperty('overflow', 'visible', 'important');
  }
}

/**
 * Fixed and sticky boxes are where they are because of the scroll position and are cheap; a
 * display:contents wrapper has no box of its own (portal roots often hold fixed overlays).
 */
function canHide(style: CSSStyleDeclaration): boolean {
  return style.position !== 'fixed' && style.position !== 'sticky' && style.display !== 'contents';
}

function isOffscreen(element: Element, area: CloneArea): boolean {
  const box = element.getBoundingClientRect();
  // A zero-size wrapper says nothing about where its (absolutely positioned, floated) children are.
  if (box.width === 0 || box.height === 0) return false;
  const left = area.left - MARGIN;
  const top = area.top - MARGIN;
  const right = area.left + area.width + MARGIN;
  const bottom = area.top + area.height + MARGIN;
  if (box.left > right || box.top > bottom) return true;
  if (box.right >= left && box.bottom >= top) return false;
  // Above or left of the viewport: content overflowing the box (floats in a collapsed container, a
  // fixed-height box with longer text) reaches down/right by its scrollable overflow.
  return box.left + Math.max(box.width, element.scrollWidth) < left || box.top + Math.max(box.height, element.scrollHeight) < top;
}

/**
 * Safety net for what rectangles miss (an absolutely positioned child far from its off-screen
 * parent): whatever the clone hit-tests on a grid over the viewport, and all its ancestors, is kept.
 */
function ancestorsOfVisibleElements(cloneDoc: Document, area: CloneArea): Set<Element> {
  const keep = new Set<Element>();
  for (let column = 0; column < GRID_COLUMNS; column++) {
    for (let row = 0; row < GRID_ROWS; row++) {
      const x = area.left + ((column + 0.5) * area.width) / GRID_COLUMNS;
      const y = area.top + ((row + 0.5) * area.height) / GRID_ROWS;
      for (const hit of cloneDoc.elementsFromPoint(x, y)) {
        for (let node: Element | null = hit; node && !keep.has(node); node = node.parentElement) keep.add(node);
      }
    }
  }
  return keep;
}
