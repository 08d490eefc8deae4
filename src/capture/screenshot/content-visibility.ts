/**
 * `content-visibility: auto` in html2canvas's copy. Big pages (news fronts, feeds) put it on every
 * section so the browser lays out only those near the screen; the others take their
 * `contain-intrinsic-size` — or, with `auto`, the size they last had on screen. The copy lives in an
 * iframe off-screen, where *every* such section is skipped and takes the placeholder size: everything
 * below the first one moved, by hundreds of pixels on a scrolled news page.
 *
 * So each copy mirrors its original, read while html2canvas copies it (the page's layout is clean
 * then): a section the page renders is rendered in the copy (`visible`, with the layout, style and
 * paint containment `auto` always implies, so margins and positioned children behave the same); a
 * section the page skips stays skipped (`hidden`) at exactly the size the page gives it.
 */

export function mirrorContentVisibility(original: Element, copy: HTMLElement | SVGElement, style: CSSStyleDeclaration): void {
  if (style.contentVisibility !== 'auto') return;
  const target = copy.style;
  if (skippedInPage(original)) {
    const { clientWidth, clientHeight } = original;
    const width = clientWidth - px(style.paddingLeft) - px(style.paddingRight);
    const height = clientHeight - px(style.paddingTop) - px(style.paddingBottom);
    target.setProperty('content-visibility', 'hidden', 'important');
    target.setProperty('contain-intrinsic-size', `${Math.max(0, width)}px ${Math.max(0, height)}px`, 'important');
    return;
  }
  target.setProperty('content-visibility', 'visible', 'important');
  target.setProperty('contain', withContainment(style.contain), 'important');
}

/**
 * Whether the page currently skips the element's contents: its first rendered child is invisible
 * only because of content-visibility. Elements without element children render nothing to skip.
 */
function skippedInPage(element: Element): boolean {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (typeof child.checkVisibility !== 'function') return false;
    if (!child.checkVisibility()) continue;
    return !child.checkVisibility({ contentVisibilityAuto: true });
  }
  return false;
}

/** `auto` always applies layout, style and paint containment; add them to what the page declared. */
function withContainment(declared: string): string {
  if (declared === 'strict' || declared === 'content') return declared;
  const values = new Set(declared === 'none' ? [] : declared.split(/\s+/));
  for (const value of ['layout', 'style', 'paint']) values.add(value);
  return [...values].join(' ');
}

function px(value: string): number {
  const number = parseFloat(value);
  return Number.isFinite(number) ? number : 0;
}
