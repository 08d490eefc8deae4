/**
 * The whole widget UI: launcher and notices for everyone; for signed-in reviewers, once the review
 * chunk is here, the pin layer and whichever panel the current mode calls for. Two layers: the pins
 * and comment mode's outline sit in the layout viewport with the page's elements; everything else
 * is in the screen layer, over what the reviewer sees (screen.ts).
 */
import { useSignal } from '@preact/signals';
import { useCallback } from 'preact/hooks';
import { useCommentClicks } from './comment-clicks';
import { LinkedThread, useSignInForLink } from './deep-link';
import { useWidget } from './hooks';
import { Launcher } from './Launcher';
import { Annotator, CommentHint, CommentMode, Composer, Lightbox, MoveHint, PinControls, PinLayer, ThreadList, ThreadPanel } from './lazy';
import { Notice } from './Notice';
import { SignInPanel } from './compose/SignInPanel';
import { strings } from './strings';

export function App() {
  const { controller, review, announcement, screen } = useWidget();
  const { store, actions } = controller;
  // Everything placed beside pins needs the review tools (the engine and positions).
  const reviewing = review.value !== null;
  const mode = store.mode.value;
  const openId = store.openThreadId.value;
  const openThread = mode === 'viewing-thread' && openId ? store.threads.value.find((t) => t.id === openId) : undefined;
  const signedIn = store.session.value.status === 'signed-in';
  useCommentClicks(mode === 'commenting');
  useSignInForLink();
  /** The element comment mode's keyboard chose, named in the hint. */
  const chosen = useSignal<string | null>(null);
  const screenLayer = useCallback((element: HTMLDivElement | null) => screen.setLayer(element), [screen]);
  const commenting = reviewing && mode === 'commenting';

  return (
    <>
      {reviewing && <PinLayer />}
      {reviewing && signedIn && <LinkedThread />}
      {commenting && <CommentMode chosen={chosen} />}
      <div class="pm-screen" ref={screenLayer}>
        {commenting && <CommentHint chosen={chosen} />}
        {reviewing && <MoveHint />}
        {reviewing && mode === 'composing' && store.pendingPin.value && <Composer />}
        {reviewing && openThread && <ThreadPanel key={openThread.id} thread={openThread} />}
        {mode === 'composing' && store.composer.annotating.value && <Annotator />}
        {store.lightbox.value && (
          <Lightbox url={store.lightbox.value.url} label={store.lightbox.value.label} onClose={() => actions.closeImage()} />
        )}
        <div class="pm-dock">
          {signedIn && store.offline.value && (
            <p class="pm-toast" role="status">
              {strings.send.offline}
            </p>
          )}
          <Notice />
          {/* The live region (announcer.ts); no role="status": it is not a status of anything on screen. */}
          <p class="pm-sr" aria-live="polite" aria-atomic="true">
            {announcement.value}
          </p>
          {store.signInPanelOpen.value && !signedIn && <SignInPanel />}
          {reviewing && <PinControls />}
          {reviewing && signedIn && store.pageThreads.value.length > 0 && <ThreadList />}
          <Launcher />
        </div>
      </div>
    </>
  );
}
