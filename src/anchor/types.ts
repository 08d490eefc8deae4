/** Where a pin sits, in the shape the API stores (elements + ancestor paths + page-level fallback). */
export interface PinElement {
  elementPath: string;
  /** Spot inside the element's border box, 0–100. */
  offsetXPercentage: number;
  offsetYPercentage: number;
}

export interface PinParent {
  url: string;
  canonicalUrl: string;
  path: string;
  /** 1 = the element's parent, 2 = its grandparent… */
  depth: number;
}

export interface PinAnchor {
  url: string;
  canonicalUrl: string;
  elements: PinElement[];
  elementParents: PinParent[];
  /** Page-level fallback relative to the document's scroll size, 0–100 (NaN when unknown). */
  offsetXPercentage: number;
  offsetYPercentage: number;
}

export type LocateStatus = 'exact' | 'approximate' | 'orphaned';

export interface LocatedPin {
  status: LocateStatus;
  element: Element | null;
  /** Viewport coordinates of the pin (0 when orphaned). */
  clientX: number;
  clientY: number;
}

/**
 * An anchor resolved against the current DOM: which element the pin sits on and where inside it.
 * Resolving (selectors, voting) is the expensive part and runs when the page changes; placing a
 * resolved pin (`pointOf`) is one read of the element's client rects and runs every frame.
 */
export interface ResolvedPin {
  status: LocateStatus;
  /** exact: the pinned element; approximate: an element standing in for it; null: page-level or orphaned. */
  element: Element | null;
  /** Spot inside `element`'s border box, 0–100. */
  offsetXPercentage: number;
  offsetYPercentage: number;
  /**
   * `element` was laid out in line boxes when resolved (a non-replaced inline: a link, a span) and may
   * wrap, so its point is read from its line boxes; any other element's from its one rect.
   */
  inline?: boolean;
  /** When `element` is null and the pin is approximate: the spot on the document, 0–100 of its scroll size. */
  pageXPercentage: number;
  pageYPercentage: number;
}
