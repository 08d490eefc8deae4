/**
 * When an empty box of the same size lays out exactly like an element with its content, as seen from
 * outside (stubs.ts): the CSS facts that would otherwise let the content reach its neighbours —
 * intrinsic widths feeding shrink-to-fit ancestors, and margins collapsing through the element.
 */

/**
 * Block-level boxes whose outside is their border box plus margins. Not tables: an empty one ignores
 * its height (their rows are stubbed instead).
 */
const BLOCKS = new Set(['block', 'flow-root', 'list-item', 'flex', 'grid']);
/** Containers that stack block-level children vertically (block flow). */
const FLOW = new Set(['block', 'flow-root', 'list-item', 'inline-block', 'table-cell', 'table-caption']);
/** Boxes whose children's margins never collapse with their own. */
const OWN_CONTEXT = new Set(['flow-root', 'flex', 'grid', 'table', 'inline-block', 'inline-flex', 'inline-grid']);
/** How deep a chain of first (last) children is followed for margins collapsing through. */
const MAX_DEPTH = 5;

export function isStubbableBlock(style: CSSStyleDeclaration): boolean {
  return BLOCKS.has(style.display);
}

/** A parent laying its children out in plain block flow (not multi-column, where boxes fragment). */
export function hasFlowParent(parent: CSSStyleDeclaration): boolean {
  return FLOW.has(parent.display) && parent.columnCount === 'auto' && parent.columnWidth === 'auto';
}

/**
 * Whether the element's margin box spans its container's content box: then a stub given the same
 * width contributes that width to any shrink-to-fit ancestor, exactly what its content did.
 */
export function fillsContainer(
  element: Element,
  box: DOMRect,
  style: CSSStyleDeclaration,
  parent: Element,
  parentStyle: CSSStyleDeclaration,
): boolean {
  const outer = parent.getBoundingClientRect();
  const html = parent as HTMLElement;
  const borders = px(parentStyle.borderLeftWidth) + px(parentStyle.borderRightWidth);
  // A scrollbar in the parent: which side it is on depends on direction; not worth the risk.
  if (html.offsetWidth - html.clientWidth - borders > 0.5 && parent !== element.ownerDocument.body) return false;
  const left = outer.left + px(parentStyle.borderLeftWidth) + px(parentStyle.paddingLeft);
  const right = outer.right - px(parentStyle.borderRightWidth) - px(parentStyle.paddingRight);
  return Math.abs(box.left - px(style.marginLeft) - left) < 0.5 && Math.abs(box.right + px(style.marginRight) - right) < 0.5;
}

/** Whether a child's margin may collapse through the element's top or bottom (a stub would lose it). */
export function blockFlowCollapses(win: Window, element: Element, style: CSSStyleDeclaration): boolean {
  if (ownContext(style)) return false;
  return collapsesThrough(win, element, style, 'top', 0) || collapsesThrough(win, element, style, 'bottom', 0);
}

function ownContext(style: CSSStyleDeclaration): boolean {
  return (
    OWN_CONTEXT.has(style.display) ||
    (style.overflowX !== 'visible' && style.overflowX !== 'clip') ||
    (style.overflowY !== 'visible' && style.overflowY !== 'clip') ||
    /layout|paint|strict|content/.test(style.contain)
  );
}

function collapsesThrough(win: Window, element: Element, style: CSSStyleDeclaration, side: 'top' | 'bottom', depth: number): boolean {
  const Side = side === 'top' ? 'Top' : 'Bottom';
  if (px(style.getPropertyValue(`border-${side}-width`)) > 0 || px(style.getPropertyValue(`padding-${side}`)) > 0) return false;
  if (depth > MAX_DEPTH) return true;
  for (
    let node = side === 'top' ? element.firstChild : element.lastChild;
    node;
    node = side === 'top' ? node.nextSibling : node.previousSibling
  ) {
    if (node.nodeType === Node.TEXT_NODE) {
      if ((node as Text).data.trim() !== '') return false;
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const child = win.getComputedStyle(node as Element);
    if (child.display === 'none' || child.position === 'absolute' || child.position === 'fixed') continue;
    // Floats and empty inline boxes let margins past in ways not worth modelling.
    if (child.float !== 'none') return true;
    // An atomic inline (inline-block, an image) makes a line; an empty inline box may not.
    if (child.display === 'inline' || child.display.startsWith('ruby')) return !node.firstChild;
    if (child.display.startsWith('inline')) return false;
    if (px(child[`margin${Side}`]) !== 0) return true;
    if (ownContext(child)) return false;
    return collapsesThrough(win, node as Element, child, side, depth + 1);
  }
  // No in-flow content on this side: an element of non-zero height holds its own margins apart.
  return false;
}

function px(value: string): number {
  const number = parseFloat(value);
  return Number.isFinite(number) ? number : 0;
}
