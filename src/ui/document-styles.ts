/**
 * A stylesheet for components rendered outside the widget's mount (the review app at /app, tests):
 * added once per document or shadow root as a constructable stylesheet, which a strict
 * Content-Security-Policy (no inline styles) allows, and as a `<style>` only where browsers lack them.
 */
const added = new WeakMap<Document | ShadowRoot, Set<string>>();

export function adoptOutside(root: Document | ShadowRoot, css: string): void {
  const done = added.get(root) ?? new Set<string>();
  if (done.has(css)) return;
  done.add(css);
  added.set(root, done);
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  (root instanceof ShadowRoot ? root : document.head).append(style);
}
