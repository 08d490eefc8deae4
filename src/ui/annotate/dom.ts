/**
 * DOM glue the editor needs because it lives in a shadow root: focus is read from the root node
 * (document.activeElement would only say "the widget's host"), and its stylesheet is adopted into
 * whichever root it is rendered in, so the lazily loaded editor brings its own styles.
 */
import { useLayoutEffect } from 'preact/hooks';

type FocusRoot = Document | ShadowRoot;

export function rootOf(element: Node): FocusRoot {
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root : (element.ownerDocument ?? document);
}

/** The focused element inside `element`'s root (a shadow root's own activeElement, not the document's). */
export function activeElementOf(element: Node): Element | null {
  return rootOf(element).activeElement;
}

/** The element whose shadow root holds `element` (what the widget's focus helpers read focus from). */
export function hostOf(element: Node): HTMLElement {
  const root = rootOf(element);
  return root instanceof ShadowRoot && root.host instanceof HTMLElement ? root.host : document.body;
}

const sheets = new WeakMap<Document, CSSStyleSheet>();
const users = new WeakMap<FocusRoot, number>();

/**
 * Adds `css` to the root `ref` is rendered in for as long as the component is mounted. A constructed
 * stylesheet where supported (strict CSPs allow it), else a `<style nonce>` element.
 */
export function useRootStyles(ref: { current: HTMLElement | null }, css: string, nonce?: string): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = rootOf(element);
    const doc = element.ownerDocument;
    if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
      try {
        let sheet = sheets.get(doc);
        if (!sheet) {
          sheet = new (doc.defaultView ?? window).CSSStyleSheet();
          sheet.replaceSync(css);
          sheets.set(doc, sheet);
        }
        const adopted = sheet;
        if (!root.adoptedStyleSheets.includes(adopted)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, adopted];
        users.set(root, (users.get(root) ?? 0) + 1);
        return () => {
          const left = (users.get(root) ?? 1) - 1;
          users.set(root, left);
          if (left === 0) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== adopted);
        };
      } catch {
        // Fall through to a <style> element.
      }
    }
    const style = doc.createElement('style');
    if (nonce) style.nonce = nonce;
    style.textContent = css;
    (root instanceof ShadowRoot ? root : doc.head).append(style);
    return () => style.remove();
  }, [css, nonce]);
}
