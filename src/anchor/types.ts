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
