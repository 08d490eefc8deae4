/**
 * "Open on page" (issue 16): the review app links to a thread as the page's address with
 * `#pinmark-thread=<id>` (or `?pinmark-thread=<id>`). On such a page the widget scrolls the thread's
 * pin into view and opens it once the thread is loaded; a signed-out visitor is offered sign-in
 * first. The address is left as it is, so a reload shows the thread again.
 */
import { useEffect, useRef } from 'preact/hooks';
import { useReview, useWidget } from './hooks';

export const THREAD_LINK_PARAM = 'pinmark-thread';
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The thread a page address links to, or null. */
export function linkedThreadId(location: { hash: string; search: string }): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get(THREAD_LINK_PARAM);
  const id = fromHash ?? new URLSearchParams(location.search).get(THREAD_LINK_PARAM);
  return id && ID.test(id) ? id.toLowerCase() : null;
}

/** The address that opens `threadId` on `pageUrl` (its own fragment replaced). */
export function threadLink(pageUrl: string, threadId: string): string {
  const url = new URL(pageUrl);
  url.hash = `${THREAD_LINK_PARAM}=${threadId}`;
  return url.href;
}

/** Signed out on a linked page: the sign-in panel opens once, so the visitor sees why nothing shows. */
export function useSignInForLink(): void {
  const { controller } = useWidget();
  const { store } = controller;
  const asked = useRef(false);
  const signedOut = store.session.value.status === 'signed-out';
  useEffect(() => {
    if (!signedOut || asked.current || !linkedThreadId(window.location)) return;
    asked.current = true;
    store.signInPanelOpen.value = true;
  }, [signedOut]);
}

/** Rendered with the review layer: opens the linked thread, once, when it has arrived. */
export function LinkedThread(): null {
  const { controller } = useWidget();
  const { engine } = useReview();
  const { store, actions } = controller;
  const done = useRef(false);
  const wanted = useRef(linkedThreadId(window.location));
  const arrived = store.threads.value.some((thread) => thread.id === wanted.current);
  useEffect(() => {
    const id = wanted.current;
    if (done.current || !id || !arrived) return;
    done.current = true;
    engine.reveal(id);
    actions.openThread(id);
  }, [arrived]);
  return null;
}
