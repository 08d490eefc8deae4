/**
 * Which ancestors can hide a pinned element by clipping it (overflow other than visible), found once
 * when the pin is resolved, so each frame only reads their rects. The walk follows the containing
 * block chain the way overflow clipping does: an absolutely positioned element escapes overflow
 * ancestors below its positioned ancestor, and a fixed one escapes all of them unless an ancestor
 * (transform, filter, contain…) becomes its containing block. Style reads only; no layout.
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

type Escape = 'none' | 'absolute' | 'fixed';

/** Elements whose overflow box clips `element`, nearest first (the viewport is not included). */
export function clipAncestorsOf(element: Element): Element[] {
  const doc = element.ownerDocument;
  const clips: Element[] = [];
  let escape = escapeOf(getComputedStyle(element).position);
  for (let node = parentOf(element); node && node !== doc.body && node !== doc.documentElement; node = parentOf(node)) {
    const style = getComputedStyle(node);
    const containsFixed = containsFixedDescendants(style);
    if (escape === 'fixed' && !containsFixed) continue;
    if (escape === 'absolute' && style.position === 'static' && !containsFixed) continue;
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clips.push(node);
    escape = escapeOf(style.position);
  }
  return clips;
}

/** Hidden by style: display:none on it or an ancestor, visibility hidden, content-visibility. */
export function isStyleVisible(element: Element): boolean {
  if (typeof element.checkVisibility === 'function') return element.checkVisibility({ visibilityProperty: true });
  return getComputedStyle(element).visibility === 'visible';
}

/** The area inside `clip`'s borders and scrollbars where its content shows, in viewport px. */
export function clipBoxOf(clip: Element): Box {
  const rect = clip.getBoundingClientRect();
  const el = clip as HTMLElement;
  // offsetWidth is in the element's own CSS px; the rect is after transforms and zoom.
  const scaleX = el.offsetWidth > 0 ? rect.width / el.offsetWidth : 1;
  const scaleY = el.offsetHeight > 0 ? rect.height / el.offsetHeight : 1;
  const left = rect.left + clip.clientLeft * scaleX;
  const top = rect.top + clip.clientTop * scaleY;
  return { left, top, right: left + clip.clientWidth * scaleX, bottom: top + clip.clientHeight * scaleY };
}

/** Half a pixel of slack: a pin exactly on the edge of its container still counts as inside. */
export function contains(box: Box, x: number, y: number): boolean {
  return x >= box.left - 0.5 && x <= box.right + 0.5 && y >= box.top - 0.5 && y <= box.bottom + 0.5;
}

function escapeOf(position: string): Escape {
  return position === 'fixed' ? 'fixed' : position === 'absolute' ? 'absolute' : 'none';
}

/** An ancestor with one of these is the containing block even of fixed descendants. */
function containsFixedDescendants(style: CSSStyleDeclaration): boolean {
  return (
    style.transform !== 'none' ||
    style.perspective !== 'none' ||
    style.filter !== 'none' ||
    (style.backdropFilter ?? 'none') !== 'none' ||
    /paint|layout|strict|content/.test(style.contain) ||
    /transform|perspective|filter/.test(style.willChange) ||
    (style.containerType ?? 'normal') !== 'normal'
  );
}

/** The parent in the flat tree as far as clipping goes: across shadow roots to their host. */
function parentOf(node: Element): Element | null {
  if (node.parentElement) return node.parentElement;
  const root = node.parentNode;
  return root instanceof ShadowRoot ? root.host : null;
}
