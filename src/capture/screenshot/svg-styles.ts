/**
 * html2canvas draws an inline <svg> by serialising its copy into an image, where the page's style
 * sheets do not apply, so it copies every computed property (several hundred) onto every node of
 * the SVG: on a page of formulas (MathJax: dozens of <g>/<use>/<path> per formula) that was the
 * largest part of a capture. Inside an SVG only the properties that draw SVG content matter: those
 * are copied onto the nodes inside the <svg> (the <svg> itself, a CSS box in the page, keeps them all).
 */

/** Properties (and prefixes, ending in '-' or matched as a family) that SVG rendering reads. */
const FAMILIES =
  /^(?:font|stroke|fill|marker|mask|text-|stop-|flood-|lighting-|color|transform|clip|paint-order|shape-rendering|vector-effect|baseline-shift|dominant-baseline|alignment-baseline|writing-mode|letter-spacing|word-spacing|white-space|unicode-bidi|direction|display|visibility|opacity|overflow|mix-blend-mode|isolation|filter|image-rendering|line-height|inline-size|-webkit-text-stroke)/;
const GEOMETRY = new Set(['x', 'y', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height']);
/** As html2canvas's own copy leaves out. */
const IGNORED = new Set(['all', 'd', 'content']);

let cached: string[] | null = null;

/** The properties to copy onto a node inside an <svg>, from the names a computed style lists. */
export function svgStyleProperties(style: CSSStyleDeclaration): string[] {
  if (cached) return cached;
  const names: string[] = [];
  for (let i = 0; i < style.length; i++) {
    const name = style.item(i);
    if (!IGNORED.has(name) && (GEOMETRY.has(name) || FAMILIES.test(name))) names.push(name);
  }
  // A style that lists nothing (a detached node) must not fix the list for later captures.
  if (names.length > 0) cached = names;
  return names;
}
