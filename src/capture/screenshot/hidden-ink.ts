/**
 * Ink the browser does not paint but html2canvas 1.4.1 would: it knows neither `clip` nor
 * `clip-path`, nor `::marker` styles. So the "visually hidden" text every accessible site has
 * (`.sr-only`: clip: rect(0 0 0 0); `.visually-hidden`: clip-path: inset(50%); MathJax's assistive
 * MathML: clip: rect(1px, 1px, 1px, 1px) at full width) was drawn over the page, and list items
 * whose marker the page removed (`li::marker { content: none }`, `summary::-webkit-details-marker
 * { display: none }`) got bullets back. Both are decided on the clone's computed styles during the
 * prune walk (prune.ts); a wholly clipped element is hidden (visibility keeps the layout), a
 * removed marker becomes `list-style: none` on the copy.
 */

/** True when `clip` or `clip-path` leave nothing of the element visible. */
export function clipsEverything(style: CSSStyleDeclaration): boolean {
  return clipRectIsEmpty(style) || clipPathIsEmpty(style.clipPath);
}

function clipRectIsEmpty(style: CSSStyleDeclaration): boolean {
  // `clip` applies to absolutely positioned boxes only.
  if (style.position !== 'absolute' && style.position !== 'fixed') return false;
  const match = /^rect\((.*)\)$/.exec(style.clip.trim());
  if (!match) return false;
  const edges = match[1]!.split(/\s*,\s*|\s+/).map((edge) => (edge === 'auto' ? null : parseFloat(edge)));
  if (edges.length !== 4) return false;
  const [top, right, bottom, left] = edges;
  const emptyX = right != null && left != null && right <= left;
  const emptyY = bottom != null && top != null && bottom <= top;
  return emptyX || emptyY;
}

/** `inset()` taking half or more from both sides of an axis, or a zero-radius circle/ellipse. */
function clipPathIsEmpty(clipPath: string): boolean {
  if (!clipPath || clipPath === 'none') return false;
  const inset = /^inset\(([^)]*)\)/.exec(clipPath);
  if (inset) {
    const parts = inset[1]!
      .split(/\s+round\s+/)[0]!
      .trim()
      .split(/\s+/);
    const percent = parts.map((part) => (part.endsWith('%') ? parseFloat(part) : NaN));
    const [top, right = top, bottom = top, left = right] = percent;
    return top! + bottom! >= 100 || right! + left! >= 100;
  }
  return /^(circle|ellipse)\(0(px)?(\s|\))/.test(clipPath);
}

/**
 * Whether a list item's marker is drawn by Chromium. html2canvas draws one from `list-style-type`
 * alone; the page may have removed it through the ::marker (or the old details marker) instead.
 */
export function markerRemoved(element: Element, style: CSSStyleDeclaration, win: Window): boolean {
  if (!style.display.includes('list-item') || (style.listStyleType === 'none' && style.listStyleImage === 'none')) return false;
  const marker = win.getComputedStyle(element, '::marker');
  if (marker.content === 'none' || marker.content === '""' || marker.fontSize === '0px') return true;
  if (/^rgba\(.*,\s*0\)$|^transparent$/.test(marker.color)) return true;
  if (element.localName === 'summary') return win.getComputedStyle(element, '::-webkit-details-marker').display === 'none';
  return false;
}
