/**
 * html2canvas draws an inline <svg> by serialising its copy into an image, where the page's style
 * sheets do not apply, so it copies every computed property (several hundred) onto every node of
 * the SVG: on a page of formulas (MathJax: dozens of <g>/<use>/<path> per formula) that was the
 * largest part of a capture. Inside an SVG only the properties that draw SVG content matter: those
 * are copied, onto the <svg> and the nodes inside it (the <svg>'s box is laid out by the page's
 * style sheets in the copy as in the page; html2canvas paints its background and borders itself).
 *
 * Nodes no rule of the page reaches (MathJax's glyph <path>s, <use>s and <g>s, styled by attributes
 * and what they inherit) get nothing: the <svg>'s copied properties are inherited as in the page.
 * Where the style sheets cannot all be read, everything is copied as before.
 */
import type { StyleScan } from './style-scan';

/** Properties (and prefixes, ending in '-' or matched as a family) that SVG rendering reads. */
const FAMILIES =
  /^(?:font|stroke|fill|marker|mask|text-|stop-|flood-|lighting-|color|transform|clip|paint-order|shape-rendering|vector-effect|baseline-shift|dominant-baseline|alignment-baseline|writing-mode|letter-spacing|word-spacing|white-space|unicode-bidi|direction|display|visibility|opacity|overflow|mix-blend-mode|isolation|filter|image-rendering|line-height|inline-size|-webkit-text-stroke)/;
const GEOMETRY = new Set(['x', 'y', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height']);
/** As html2canvas's own copy leaves out. */
const IGNORED = new Set(['all', 'd', 'content']);

let cached: string[] | null = null;

/** What our html2canvas copies onto a node of an inline <svg>, given its computed style. */
export type SvgProperties = (style: CSSStyleDeclaration, node: Element) => string[];

/** A computed style does not list custom properties: an inline var() inside the SVG is only right copied resolved. */
const CUSTOM_INLINE = '[style*="var("]';

export function createSvgProperties(styles: Pick<StyleScan, 'styledWithin'>): SvgProperties {
  const unstyled = new WeakMap<Element, boolean>();
  const reachedByNoRule = (svg: Element): boolean => {
    let known = unstyled.get(svg);
    if (known === undefined) {
      known = svg.getRootNode() === svg.ownerDocument && styles.styledWithin(svg) === false && !svg.querySelector(CUSTOM_INLINE);
      unstyled.set(svg, known);
    }
    return known;
  };
  return (style, node) => {
    const owner = outermostSvg(node);
    if (owner !== node && reachedByNoRule(owner)) return [];
    return svgStyleProperties(style);
  };
}

function outermostSvg(node: Element): Element {
  let svg: Element = node;
  for (let owner = (node as SVGElement).ownerSVGElement; owner; owner = owner.ownerSVGElement) svg = owner;
  return svg;
}

/** The properties to copy onto a node of an <svg>, from the names a computed style lists. */
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
