/**
 * The whole widget UI: launcher and notices for everyone; for signed-in reviewers, once the review
 * chunk is here, the pin layer and whichever panel the current mode calls for.
 */
import { useCommentClicks } from './comment-clicks';
import { useWidget } from './hooks';
import { Launcher } from './Launcher';
import { Annotator, CommentMode, Composer, Lightbox, PinControls, PinLayer, SignInPanel, ThreadList, ThreadPanel } from './lazy';
import { Notice } from './Notice';
import { strings } from './strings';

export function App() {
  const { controller, review, announcement } = useWidget();
  const { store, actions } = controller;
  // Everything placed beside pins needs the review tools (the engine and positions).
  const reviewing = review.value !== null;
  const mode = store.mode.value;
  const openId = store.openThreadId.value;
  const openThread = mode === 'viewing-thread' && openId ? store.threads.value.find((t) => t.id === openId) : undefined;
  const signedIn = store.session.value.status === 'signed-in';
  useCommentClicks(mode === 'commenting');

  return (
    <>
      {reviewing && <PinLayer />}
      {reviewing && mode === 'commenting' && <CommentMode />}
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
    </>
  );
}
