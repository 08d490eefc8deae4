/**
 * Chromium paints every box — background, border, image — on whole pixels: each edge of the layout
 * rectangle is rounded (measured: whole CSS pixels, also at an emulated DPR of 1.5 and 2). html2canvas
 * 1.4.1 paints at the fractional rectangle, so a card or an input at y = 27.6 gets its 1 px border
 * smeared over two half-tinted rows. html2canvas takes each box from the element's
 * `getBoundingClientRect()`, so the clone's elements it will draw get an own `getBoundingClientRect`
 * returning the rounded rectangle. (Not the clone window's prototype: html2canvas clones nodes from
 * the page's document, so they keep the page's prototypes, which must not change under the host.)
 * Text is measured through Range rectangles, which stay exact, as Chromium's text does.
 */

type Edges = { left: number; top: number; right: number; bottom: number };

/** A rectangle as Chromium paints it: each edge on the nearest whole pixel. */
export function snapped(box: Edges): Edges {
  return { left: Math.round(box.left), top: Math.round(box.top), right: Math.round(box.right), bottom: Math.round(box.bottom) };
}

/** From now on, each of these (clone) elements reports its painted rectangle. */
export function snapBoxes(elements: Iterable<Element>): void {
  for (const element of elements) {
    const measure = Object.getPrototypeOf(element).getBoundingClientRect as (this: Element) => DOMRect;
    const Rect = element.ownerDocument.defaultView?.DOMRect;
    if (typeof measure !== 'function' || !Rect) continue;
    Object.defineProperty(element, 'getBoundingClientRect', {
      configurable: true,
      value(this: Element): DOMRect {
        const { left, top, right, bottom } = snapped(measure.call(this));
        return new Rect(left, top, right - left, bottom - top);
      },
    });
  }
}
