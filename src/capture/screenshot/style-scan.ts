/**
 * What the page's style sheets say about subtrees that stubs.ts would leave out of the copy, read
 * once per capture (selectors, then matched natively with querySelector — far cheaper than asking
 * every element for its computed style):
 *  - counters: html2canvas numbers `content: counter(...)` itself, counting counter-reset/-increment
 *    on every element (and pseudo-element) it copies, in order. A subtree left out must not change a
 *    counter, or every heading number after it on screen would be off;
 *  - positioned elements: an absolutely positioned or fixed element is placed by a box outside its
 *    parent (or by the viewport), so a far-away subtree may still paint one on screen;
 *  - floats: a float sticking out of its box moves the lines after it; other overflow does not;
 *  - moved: what may be drawn outside its parent's box other than as scrollable overflow (which
 *    only reaches down and right): relatively positioned, transformed, or with negative margins;
 *  - any rule at all: the nodes inside an inline <svg> no rule reaches are styled only by their
 *    attributes and what they inherit from the <svg>, which an SVG drawn on its own reproduces
 *    (svg-styles.ts).
 * Sheets that cannot be read (another origin) leave both unknown: counters are then asked of each
 * candidate's computed styles, and positioned elements found by hit-testing the viewport (stubs.ts).
 */

import { applied } from './inert-clone';

export interface StyleScan {
  /** Whether the element or anything in it resets or increments a CSS counter. */
  affectsCounters(element: Element): boolean;
  /** Elements in the subtree that may be absolutely positioned or fixed; null when unknown. */
  positioned(element: Element): Element[] | null;
  /** Whether anything in the subtree may float; null when unknown. */
  floats(element: Element): boolean | null;
  /** Whether the element or anything in it may be moved up or left out of its box (see above); null when unknown. */
  moved(element: Element): boolean | null;
  /** Whether any of the page's style rules matches something inside the element; null when unknown. */
  styledWithin(element: Element): boolean | null;
}

const COUNTER_PROPERTIES = ['counter-reset', 'counter-increment', 'counter-set'];
/** Inline styles set these too (never `content`, which only pseudo-elements show). */
const INLINE_COUNTERS = '[style*="counter"]';
/** Plus what the browser's own style sheet may put in the top layer or fix (modal dialogs, popovers). */
const INLINE_POSITIONED = '[style*="absolute"],[style*="fixed"],dialog,[popover]';
const INLINE_MOVED = ['relative', 'sticky', 'transform', 'translate', 'rotate', 'scale', 'margin', 'offset']
  .map((word) => `[style*="${word}"]`)
  .join(',');
const MOVING = ['transform', 'translate', 'rotate', 'scale', 'offset-path'];
/** A negative length (not the minus of an operator, which has spaces around it in calc()) or a variable. */
const NEGATIVE = /(?:^|[\s(,])-[\d.]|var\(/;
/** `align` floats images and tables (and is harmless to match on anything else). */
const INLINE_FLOATS = '[style*="float"],[align="left" i],[align="right" i]';

export function scanStyles(doc: Document): StyleScan {
  const counterSelectors: string[] = [INLINE_COUNTERS];
  const positionedSelectors: string[] = [INLINE_POSITIONED];
  const floatSelectors: string[] = [INLINE_FLOATS];
  const movedSelectors: string[] = [INLINE_MOVED];
  const allSelectors = new Set<string>();
  let counted = false;
  let unreadable = false;
  const visit = (rules: CSSRuleList): void => {
    for (const rule of rules) {
      const style = (rule as CSSStyleRule).style;
      const selector = (rule as CSSStyleRule).selectorText;
      if (style && selector !== undefined) {
        // A pseudo-element's counter or position belongs to its element.
        const owner = selector.replace(/::?(?:before|after|marker|backdrop)\b/g, '') || '*';
        allSelectors.add(owner);
        if (/counters?\(/.test(style.getPropertyValue('content'))) counted = true;
        if (COUNTER_PROPERTIES.some((property) => style.getPropertyValue(property) !== '')) counterSelectors.push(owner);
        if (/absolute|fixed/.test(style.getPropertyValue('position'))) positionedSelectors.push(owner);
        if (/left|right|start|end/.test(style.getPropertyValue('float'))) floatSelectors.push(owner);
        if (moves(style)) movedSelectors.push(owner);
        if ((rule as CSSGroupingRule).cssRules?.length) unreadable = true; // nested rules: relative selectors
        continue;
      }
      const imported = (rule as CSSImportRule).styleSheet;
      if (imported) readSheet(imported);
      else if ((rule as CSSGroupingRule).cssRules) visit((rule as CSSGroupingRule).cssRules);
    }
  };
  const readSheet = (sheet: CSSStyleSheet): void => {
    try {
      visit(sheet.cssRules);
    } catch {
      // A sheet the page's CSP refused (or that failed) applies nothing: only a loaded one is unknown.
      const owner = sheet.ownerNode as HTMLLinkElement | null;
      if (!owner || owner.localName !== 'link' || applied(owner)) unreadable = true;
    }
  };
  for (const sheet of doc.styleSheets) readSheet(sheet);
  for (const sheet of doc.adoptedStyleSheets ?? []) readSheet(sheet);

  const counters = unreadable
    ? computedCounters(doc)
    : counted
      ? (matching(doc, counterSelectors.join(',')) ?? computedCounters(doc))
      : null;
  const positioned = unreadable ? null : matching(doc, positionedSelectors.join(','));
  const floats = unreadable ? null : matching(doc, floatSelectors.join(','));
  const moved = unreadable ? null : matching(doc, movedSelectors.join(','));
  const anyRule = unreadable ? null : matchingAny(doc, allSelectors);
  return {
    affectsCounters: (element) => !!counters && (counters.matches(element) || counters.within(element).length > 0),
    positioned: (element) => (positioned ? [...(positioned.matches(element) ? [element] : []), ...positioned.within(element)] : null),
    floats: (element) => (floats ? floats.within(element).length > 0 : null),
    moved: (element) => (moved ? moved.matches(element) || moved.any(element) : null),
    styledWithin: (element) => (anyRule ? anyRule.some(element) : null),
  };
}

interface Matcher {
  matches(element: Element): boolean;
  within(element: Element): Element[];
  /** Whether anything inside matches (one native query, no list). */
  any(element: Element): boolean;
}

/** Native matching of a selector list; null when this browser cannot parse it (then: unknown). */
function matching(doc: Document, selector: string): Matcher | null {
  try {
    doc.documentElement.matches(selector);
    return {
      matches: (element) => element.matches(selector),
      within: (element) => [...element.querySelectorAll(selector)],
      any: (element) => element.querySelector(selector) !== null,
    };
  } catch {
    return null;
  }
}

/**
 * Every rule's selector at once. Selectors `matches` refuses (other pseudo-elements: ::selection,
 * ::placeholder, vendor ones) style no element's own box and are left out, one by one.
 */
function matchingAny(doc: Document, selectors: Set<string>): { some(element: Element): boolean } | null {
  if (selectors.size === 0) return { some: () => false };
  let list = [...selectors].join(',');
  if (!parses(doc, list)) {
    list = [...selectors].filter((selector) => parses(doc, selector)).join(',');
    if (list === '') return { some: () => false };
    if (!parses(doc, list)) return null;
  }
  return { some: (element) => element.querySelector(list) !== null };
}

function parses(doc: Document, selector: string): boolean {
  try {
    doc.documentElement.matches(selector);
    return true;
  } catch {
    return false;
  }
}

function computedCounters(doc: Document): Matcher {
  const win = doc.defaultView!;
  const counts = (element: Element): boolean =>
    [null, '::before', '::after'].some((pseudo) => {
      const style = win.getComputedStyle(element, pseudo);
      return changes(style.counterReset) || changes(style.counterIncrement);
    });
  const within = (element: Element): Element[] => [...element.querySelectorAll('*')].filter(counts);
  return { matches: counts, within, any: (element) => within(element).length > 0 };
}

function moves(style: CSSStyleDeclaration): boolean {
  if (/relative|sticky/.test(style.getPropertyValue('position'))) return true;
  if (MOVING.some((property) => !/^(?:|none)$/.test(style.getPropertyValue(property)))) return true;
  for (let i = 0; i < style.length; i++) {
    const property = style.item(i);
    if (property.startsWith('margin') && NEGATIVE.test(style.getPropertyValue(property))) return true;
  }
  return false;
}

/** The list-item counter is the browser's own list numbering, which html2canvas does not read. */
function changes(value: string): boolean {
  return value !== 'none' && value !== '' && !/^list-item(\s+-?\d+)?$/.test(value);
}
