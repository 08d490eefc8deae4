/**
 * html2canvas turns each drawable ::before/::after into a real element and hides the original with a
 * class and a <style> element it appends to the copy. On a page whose Content-Security-Policy allows
 * only nonce'd or hashed styles (the demo's own pages, many real sites) that <style> is refused: one
 * CSP error in the host's console per capture, and the copy laid out with both the pseudo-element and
 * its stand-in. The same rules are adopted here as a constructed stylesheet, which CSP does not
 * govern; our build of html2canvas then leaves its <style> out (`pseudoHideSheet`,
 * scripts/html2canvas-copy-patches.ts).
 */

/** html2canvas 1.4.1's classes and rules (PSEUDO_HIDE_ELEMENT_CLASS_* and PSEUDO_HIDE_ELEMENT_STYLE). */
const HIDE = '{ content: "" !important; display: none !important; }';
const RULES = [`.___html2canvas___pseudoelement_before::before ${HIDE}`, `.___html2canvas___pseudoelement_after::after ${HIDE}`];

/** False where constructed stylesheets are missing: html2canvas's own <style> is then kept. */
export function canAdoptPseudoHideSheet(win: Window): boolean {
  const doc = win.document as Document & { adoptedStyleSheets?: CSSStyleSheet[] };
  return (
    Array.isArray(doc.adoptedStyleSheets) && typeof (win as Window & typeof globalThis).CSSStyleSheet?.prototype.replaceSync === 'function'
  );
}

/** Adds the rules to the copy's document (a sheet must be constructed in the document that adopts it). */
export function adoptPseudoHideSheet(cloneDoc: Document): void {
  const win = cloneDoc.defaultView as (Window & typeof globalThis) | null;
  if (!win) return;
  const sheet = new win.CSSStyleSheet();
  for (const rule of RULES) sheet.insertRule(rule, sheet.cssRules.length);
  cloneDoc.adoptedStyleSheets = [...cloneDoc.adoptedStyleSheets, sheet];
}
