/**
 * Ground truth for the anchoring bench: which original element each current element stands for
 * (a re-rendered copy stands for its original), and what every page change (mutations.ts) works with.
 */
import type { Gen, Rng } from './gen.ts';

/** Which original element each current element stands for (a re-rendered copy stands for its original). */
export class Identity {
  private readonly originals = new WeakMap<Element, Element>();
  of(element: Element): Element {
    return this.originals.get(element) ?? element;
  }
  /** `copy` is a deep clone of `original`: pair them node by node. */
  carry(original: Element, copy: Element): void {
    const from = [original, ...Array.from(original.querySelectorAll('*'))];
    const to = [copy, ...Array.from(copy.querySelectorAll('*'))];
    from.forEach((element, i) => this.originals.set(to[i]!, this.of(element)));
  }
  /** The element that now stands for `original`, or null when it left the document. */
  current(doc: Document, original: Element): Element | null {
    if (original.ownerDocument === doc && doc.contains(original)) return original;
    for (const element of Array.from(doc.body.querySelectorAll('*'))) if (this.of(element) === original) return element;
    return null;
  }
}

export interface MutationContext {
  doc: Document;
  /** The pinned element as described (identity). */
  target: Element;
  identity: Identity;
  rng: Rng;
  gen: Gen;
  setViewportWidth(width: number): void;
}
