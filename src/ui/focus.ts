/**
 * Focus for the widget's dialogs (composer, thread, sign-in panel): Tab and Shift+Tab stay inside
 * while one is open, and closing gives focus back to whatever opened it — a pin, the launcher —
 * so a keyboard user goes on where they were instead of at the top of the page. Everything lives in
 * one shadow root, so focus is read from the root (document.activeElement only says "the host").
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import { useWidget } from './hooks';

const FOCUSABLE = [
  'button:not(:disabled)',
  'a[href]',
  'input:not(:disabled):not([type="hidden"])',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  'summary',
  '[contenteditable="true"]',
  '[contenteditable=""]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** What Tab visits inside `container`, in order (hidden ones excluded). */
export function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}

/** The focused element of the widget's root, else of the page (null for <body> and the host itself). */
export function focusedElement(host: HTMLElement): HTMLElement | null {
  const inside = host.shadowRoot?.activeElement;
  if (inside instanceof HTMLElement) return inside;
  const outside = document.activeElement;
  return outside instanceof HTMLElement && outside !== document.body && outside !== host ? outside : null;
}

/** Keeps Tab and Shift+Tab inside `container`, wrapping from the last element to the first and back. */
export function trapTab(event: KeyboardEvent, container: HTMLElement, host: HTMLElement): void {
  // Already taken: the mention list chooses its option with Tab.
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const items = focusablesIn(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = focusedElement(host);
  const outside = !active || !container.contains(active);
  if (event.shiftKey && (outside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Traps Tab in `dialog` and, when it closes, gives focus back to what had it when it opened — when
 * focus is still in the dialog or was lost with it (a reviewer who clicked into the page keeps
 * that). An opener that is gone by then (a pin re-rendered under a new id) hands over to `fallback`.
 */
export function useDialogFocus(dialog: RefObject<HTMLElement>, fallback: () => HTMLElement | null | undefined = () => null): void {
  const { host } = useWidget();
  // Read while rendering the first time: the dialog's children may take focus in their own effects first.
  const [opener] = useState(() => focusedElement(host));
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => trapTab(event, element, host);
    element.addEventListener('keydown', onKeyDown);
    const stopKeeping = keepFocusInside(element, host);
    return () => {
      stopKeeping();
      element.removeEventListener('keydown', onKeyDown);
      const active = focusedElement(host);
      if (active && !element.contains(active)) return;
      const target = opener?.isConnected && !element.contains(opener) ? opener : fallback();
      target?.focus({ preventScroll: true });
    };
  }, []);
}

/**
 * A dialog's part can be replaced while it has focus (the screenshot's Cancel button when the
 * capture finishes, a Retry when it fails). The browser then drops focus on <body>, out of the
 * dialog, and a keyboard user is thrown to the top of the page. When that happens, focus goes to
 * the first focusable element of the nearest part of the dialog that is still there.
 */
export function keepFocusInside(dialog: HTMLElement, host: HTMLElement): () => void {
  let path: HTMLElement[] = [];
  const onFocusIn = () => {
    path = [];
    for (let node = focusedElement(host); node && dialog.contains(node); node = node.parentElement) path.push(node);
  };
  const observer = new MutationObserver(() => {
    const [focused] = path;
    if (!focused || focused.isConnected || focusedElement(host)) return;
    const survivor = path.find((node) => node.isConnected && dialog.contains(node)) ?? dialog;
    const next = focusablesIn(survivor)[0] ?? focusablesIn(dialog)[0];
    next?.focus({ preventScroll: true });
  });
  dialog.addEventListener('focusin', onFocusIn);
  observer.observe(dialog, { childList: true, subtree: true });
  onFocusIn();
  return () => {
    observer.disconnect();
    dialog.removeEventListener('focusin', onFocusIn);
  };
}

/** A thread's pin button, when it is drawn. */
export function pinOf(host: HTMLElement, threadId: string): HTMLElement | null {
  for (const pin of host.shadowRoot?.querySelectorAll<HTMLElement>('.pm-pin[data-thread-id]') ?? []) {
    if (pin.dataset.threadId === threadId) return pin;
  }
  return null;
}

/** The launcher: where focus goes when what opened a dialog no longer exists. */
export function launcherOf(host: HTMLElement): HTMLElement | null {
  return host.shadowRoot?.querySelector<HTMLElement>('.pm-launcher') ?? null;
}
