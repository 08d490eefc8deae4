/**
 * Keeps html2canvas's copy of the page inert: a screenshot must run none of the page's code and add
 * nothing to its console (issue 14). html2canvas copies every element with `cloneNode` and puts the
 * copy into a same-origin iframe, so without this
 *  - inline handlers (`<img onload="lazyLoaded(this)">`) fire again when the copied image loads — in
 *    the iframe, where the page's functions do not exist (a ReferenceError per image per capture), or
 *    in the page itself while the copy is still being built in slices;
 *  - stylesheets the page's CSP blocked, images that failed, lazy images the page never loaded,
 *    preloads and embedded frames are requested again, each failure a new console error;
 *  - `<iframe>`s load their whole page again (its scripts run, and the copy waits for it).
 * Our build of html2canvas calls `makeCloneInert(original, copy)` for every element it copies, right
 * after `cloneNode` and before the copy reaches any document (scripts/html2canvas-slices.ts): events
 * are tasks, so nothing can fire in between. Only what cannot change the layout of what is drawn is
 * removed; what the page shows (loaded images, applied stylesheets) stays as it is.
 */

/** Attributes that load or play something the screenshot cannot show, by element. */
const EMBEDS: Record<string, readonly string[]> = {
  iframe: ['src', 'srcdoc'],
  frame: ['src'],
  object: ['data'],
  embed: ['src'],
  audio: ['src', 'autoplay'],
  track: ['src'],
  portal: ['src'],
};
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'];

export function makeCloneInert(original: Element, copy: Element): void {
  // Event handler attributes of HTML and SVG elements all start with "on".
  for (const name of copy.getAttributeNames()) {
    if (name.length > 2 && (name.charCodeAt(0) | 32) === 111 && (name.charCodeAt(1) | 32) === 110) copy.removeAttribute(name);
    else if (URL_ATTRIBUTES.includes(name) && /^\s*javascript:/i.test(copy.getAttribute(name) ?? '')) copy.removeAttribute(name);
  }
  copy.removeAttribute('autofocus');
  const name = copy.localName;
  if (name === 'img') quietImage(original as HTMLImageElement, copy as HTMLImageElement);
  else if (name === 'link') quietLink(original as HTMLLinkElement, copy as HTMLLinkElement);
  else if (name === 'meta' && copy.hasAttribute('http-equiv')) copy.removeAttribute('http-equiv');
  else if (name === 'audio') (copy as HTMLAudioElement).preload = 'none';
  // A <picture>'s sources would pick a file for an image whose own source was taken away.
  else if (name === 'source' && original.parentElement?.localName === 'picture' && !shown(original.parentElement.querySelector('img'))) {
    copy.removeAttribute('srcset');
  }
  if (EMBEDS[name]) for (const attribute of EMBEDS[name]) copy.removeAttribute(attribute);
}

/**
 * Copies an image the page has not shown without html2canvas's help: html2canvas switches a lazy
 * image's copy to eager, and Chromium requests it at that very moment, before `makeCloneInert`
 * could take its source away. Null for everything else (html2canvas copies it, then makeCloneInert).
 */
export function cloneUnshownImage(original: Element): Element | null {
  if (original.localName !== 'img' || original.namespaceURI !== HTML || shown(original as HTMLImageElement)) return null;
  // Not cloneNode: Chromium may request `src` as the copy gets it, before `loading` is copied after it.
  const copy = original.ownerDocument.createElementNS(HTML, 'img') as HTMLImageElement;
  for (const name of original.getAttributeNames()) {
    if (name !== 'src' && name !== 'srcset' && name !== 'style')
      copy.setAttributeNode(original.getAttributeNode(name)!.cloneNode() as Attr);
  }
  // Through the CSSOM: a style attribute set by script is refused by a CSP without 'unsafe-inline'.
  copy.style.cssText = (original as HTMLImageElement).style.cssText;
  makeCloneInert(original, copy);
  return copy;
}

const HTML = 'http://www.w3.org/1999/xhtml';

/**
 * Images the page shows are copied as they are (they come from the memory cache). One the page
 * could not load would only fail again, and one it has not loaded yet (lazy, below the fold) must not
 * be fetched for a screenshot it is not in: both keep their box and lose their source. (Kept lazy,
 * it would never load in the hidden copy, and html2canvas waits for every image of the copy.)
 */
function quietImage(original: HTMLImageElement, copy: HTMLImageElement): void {
  if (shown(original)) return;
  copy.removeAttribute('srcset');
  copy.removeAttribute('src');
}

function shown(image: HTMLImageElement | null | undefined): boolean {
  return !!image && image.complete && image.naturalWidth > 0;
}

/**
 * A stylesheet the page applies is copied; every other link — blocked by the CSP, failed, preloads,
 * preconnects, icons, manifests — does nothing for the pixels and would be fetched (and reported) again.
 */
function quietLink(original: HTMLLinkElement, copy: HTMLLinkElement): void {
  if (/(^|\s)stylesheet(\s|$)/i.test(original.rel) && applied(original)) return;
  copy.removeAttribute('href');
  copy.removeAttribute('imagesrcset');
}

/**
 * Chromium gives a link a sheet even when it failed (an empty one), and one the CSP refused reads
 * like any sheet from another origin (its rules are hidden). Such a sheet was loaded only if the
 * browser fetched it: a refused one's Resource Timing entry lasts 0 ms. (The timing buffer keeps the
 * first entries, where a page's stylesheets are; without one the link is kept, as before.)
 */
export function applied(link: HTMLLinkElement): boolean {
  const sheet = link.sheet;
  if (!sheet) return false;
  try {
    return sheet.cssRules.length > 0;
  } catch {
    const performance = link.ownerDocument.defaultView?.performance;
    if (!performance) return true;
    const entries = performance.getEntriesByName(link.href, 'resource');
    return entries.length === 0 || entries.some((entry) => entry.duration > 0);
  }
}
