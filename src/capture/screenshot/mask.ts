/**
 * Privacy masking, failing closed. Secrets are removed twice: blanked in html2canvas's clone so they
 * are never rendered at all, and painted over as opaque blocks on the final canvas at the rectangles
 * measured in the live page (the clone can match selectors differently, e.g. after html2canvas inserts
 * its pseudo-element nodes). Any doubt — an invalid host selector, an exception while measuring —
 * rejects the capture with `masking_failed` instead of producing an image.
 *
 * Open shadow roots of the page are searched too (one extra pass over the elements); closed shadow
 * roots and iframes cannot be and are not.
 */
import { CaptureError } from './types';
import type { Viewport } from './viewport';

export const BUILT_IN_PRIVATE_SELECTORS: readonly string[] = Object.freeze([
  'input[type="password" i]',
  // autocomplete is a token list ("billing cc-number"), so "cc-" is matched first or after a space.
  ':is(input, textarea, select)[autocomplete^="cc-" i]',
  ':is(input, textarea, select)[autocomplete*=" cc-" i]',
  ':is(input, textarea)[autocomplete~="one-time-code" i]',
  '[data-pinmark-private]',
]);

export const MASK_COLOR = '#1f2937';

export interface MaskRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Built-ins plus the host's selectors as one selector list; throws `masking_failed` if any is invalid. */
export function privateSelectorList(doc: Document, hostSelectors: readonly unknown[] = []): string {
  const probe = doc.createDocumentFragment();
  for (const selector of hostSelectors) {
    if (typeof selector !== 'string' || !selector.trim()) {
      throw new CaptureError('masking_failed', 'A private selector is empty or not a string.');
    }
    try {
      probe.querySelector(selector);
    } catch (error) {
      throw new CaptureError('masking_failed', `Invalid private selector: ${selector}`, { cause: error });
    }
  }
  return [...BUILT_IN_PRIVATE_SELECTORS, ...(hostSelectors as string[])].join(', ');
}

/** The widget never appears in its own screenshots: its host element and whatever the host adds. */
export function excluder(exclude: readonly Element[] | undefined): (element: Element) => boolean {
  const excluded = new Set(exclude ?? []);
  return (element) => element.localName === 'pinmark-root' || excluded.has(element);
}

/** Viewport rectangles (CSS px, clipped) of every private element in the live page. */
export function collectPrivateRects(
  doc: Document,
  selectorList: string,
  viewport: Pick<Viewport, 'cssWidth' | 'cssHeight'>,
  isExcluded: (element: Element) => boolean,
): MaskRect[] {
  try {
    const rects: MaskRect[] = [];
    for (const root of searchRoots(doc, isExcluded)) {
      for (const element of root.querySelectorAll(selectorList)) {
        if (isInside(element, isExcluded)) continue;
        const box = element.getBoundingClientRect();
        const x = Math.max(0, box.left);
        const y = Math.max(0, box.top);
        const right = Math.min(viewport.cssWidth, box.right);
        const bottom = Math.min(viewport.cssHeight, box.bottom);
        if (right > x && bottom > y) rects.push({ x, y, width: right - x, height: bottom - y });
      }
    }
    return rects;
  } catch (error) {
    throw new CaptureError('masking_failed', 'Could not locate the private parts of the page.', { cause: error });
  }
}

/** Removes private values and boxes from html2canvas's clone before anything is rendered. */
export function blankPrivateInClone(cloneDoc: Document, selectorList: string): void {
  try {
    for (const element of cloneDoc.querySelectorAll(selectorList)) {
      if ('value' in element && typeof element.value === 'string') {
        (element as HTMLInputElement).value = '';
        element.removeAttribute('value');
      }
      // html2canvas does not descend into invisible elements: their text is never drawn. (No
      // instanceof here: the clone lives in another window.)
      (element as HTMLElement).style?.setProperty('visibility', 'hidden', 'important');
    }
  } catch (error) {
    throw new CaptureError('masking_failed', 'Could not hide the private parts of the page.', { cause: error });
  }
}

/** Opaque blocks over the private rectangles, snapped outwards to whole device pixels. */
export function paintMasks(ctx: CanvasRenderingContext2D, rects: readonly MaskRect[], scale: number): void {
  try {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';
    ctx.fillStyle = MASK_COLOR;
    for (const rect of rects) {
      const left = Math.floor(rect.x * scale);
      const top = Math.floor(rect.y * scale);
      ctx.fillRect(left, top, Math.ceil((rect.x + rect.width) * scale) - left, Math.ceil((rect.y + rect.height) * scale) - top);
    }
    ctx.restore();
  } catch (error) {
    throw new CaptureError('masking_failed', 'Could not paint over the private parts of the page.', { cause: error });
  }
}

function* searchRoots(doc: Document, isExcluded: (element: Element) => boolean): Generator<Document | ShadowRoot> {
  yield doc;
  const pending: Array<Document | ShadowRoot> = [doc];
  for (let root = pending.pop(); root; root = pending.pop()) {
    // A tree walker visits a page of tens of thousands of elements several times faster than a NodeList.
    const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let element = walker.nextNode() as Element | null; element; element = walker.nextNode() as Element | null) {
      const shadow = element.shadowRoot;
      if (shadow && !isExcluded(element)) {
        pending.push(shadow);
        yield shadow;
      }
    }
  }
}

function isInside(element: Element, isExcluded: (element: Element) => boolean): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (isExcluded(node)) return true;
  }
  return false;
}
