/**
 * The widget's element on the page, shared by the full widget (mount.ts) and the visitor's launcher
 * (visitor/): `<pinmark-root>` with an open shadow root, raised into the browser's top layer and put
 * back when a single-page app takes it out of the document, with styles that work under strict CSPs.
 *
 * Host pages are not always kind: cookie banners at the maximum z-index arrive after us, `transform`
 * on <body> would make our `position: fixed` relative to it, single-page apps replace <body> with
 * us inside. So the host goes into the browser's top layer (a manual popover; base.css cancels the
 * popover's UA look and its ::backdrop) with the maximum z-index as the fallback, and it is put back
 * whenever the page takes it out of the document.
 */
import type { ListenerCollection } from '../util/listener-collection';

export const HOST_TAG = 'pinmark-root';

export type PopoverHost = HTMLElement & { showPopover?: () => void };

/**
 * Above everything the page stacks, whatever its z-index and wherever it is in the DOM: the top
 * layer. Browsers without the Popover API keep the host at the maximum z-index (base.css).
 */
export function raiseToTopLayer(host: PopoverHost): void {
  if (typeof host.showPopover !== 'function' || !host.isConnected) return;
  try {
    if (host.getAttribute('popover') !== 'manual') host.setAttribute('popover', 'manual');
    if (!host.matches(':popover-open')) host.showPopover();
  } catch {
    // A browser that refuses (an early Popover implementation): the maximum z-index still applies.
  }
}

/** A page that removes us again and again (a DOM "integrity" script) wins after this many. */
const MAX_REATTACH_PER_10S = 20;

/**
 * Single-page apps replace <body> (`document.body = …`, `replaceChild`, `body.innerHTML = …`) or
 * <html>, taking the host along, and moving it out of the top layer. Watching only the direct
 * children of the document, <html> and <body> is enough to see that, and cheap; the pins find
 * their elements again through the overlay's own observer.
 */
export function keepAttached(host: PopoverHost, listeners: ListenerCollection): void {
  let watched: Node[] = [];
  const reattached: number[] = [];
  const watch = () => {
    const nodes: Node[] = [document, document.documentElement, document.body].filter((node) => !!node);
    if (nodes.length === watched.length && nodes.every((node, i) => node === watched[i])) return;
    observer.disconnect();
    for (const node of nodes) observer.observe(node, { childList: true });
    watched = nodes;
  };
  const observer = new MutationObserver(() => {
    try {
      const body = document.body;
      if (body && !host.isConnected) {
        const now = performance.now();
        while (reattached.length && now - reattached[0]! > 10_000) reattached.shift();
        if (reattached.length < MAX_REATTACH_PER_10S) {
          reattached.push(now);
          body.append(host);
        }
      }
      // Moved (into a new <body>, say) also means out of the top layer.
      raiseToTopLayer(host);
      watch();
    } catch (error) {
      // Observer callbacks are not guarded by the ListenerCollection: never throw into the page.
      console.warn('[pinmark]', error);
    }
  });
  watch();
  listeners.observe(observer);
}

/** Adds `css` after the styles already there (a `<style>` goes before the UI's container). */
export function applyStyles(shadow: ShadowRoot, css: string, nonce: string | undefined, container: Node): void {
  try {
    if ('adoptedStyleSheets' in shadow && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
      return;
    }
  } catch {
    // Fall through to a <style> element.
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  shadow.insertBefore(style, container.parentNode === shadow ? container : null);
}

/** The launcher is in the page with its styles; `npm run bench` measures up to this mark. */
export function markLauncherVisible(): void {
  try {
    performance.mark('pinmark:launcher-visible');
  } catch {
    /* no User Timing */
  }
}
