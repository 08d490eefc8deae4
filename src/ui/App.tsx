/** The whole widget UI: pin layer, launcher and whichever panel the current mode calls for. */
import { useWidget } from './hooks';
import { Launcher } from './Launcher';
import { Annotator, CommentMode, Composer, Lightbox, SignInPanel, ThreadList } from './lazy';
import { Notice } from './Notice';
import { PinControls } from './PinControls';
import { PinLayer } from './PinLayer';
import { ThreadPanel } from './ThreadPanel';

export function App() {
  const { store, actions } = useWidget().controller;
  const mode = store.mode.value;
  const openId = store.openThreadId.value;
  const openThread = mode === 'viewing-thread' && openId ? store.threads.value.find((t) => t.id === openId) : undefined;
  const signedIn = store.session.value.status === 'signed-in';

  return (
    <>
      <PinLayer />
      {mode === 'commenting' && <CommentMode />}
      {mode === 'composing' && store.pendingPin.value && <Composer />}
      {openThread && <ThreadPanel key={openThread.id} thread={openThread} />}
      {mode === 'composing' && store.composer.annotating.value && <Annotator />}
      {store.lightbox.value && (
        <Lightbox url={store.lightbox.value.url} label={store.lightbox.value.label} onClose={() => actions.closeImage()} />
      )}
      <div class="pm-dock">
        <Notice />
        {store.signInPanelOpen.value && !signedIn && <SignInPanel />}
        <PinControls />
        {signedIn && store.pageThreads.value.length > 0 && <ThreadList />}
        <Launcher />
      </div>
    </>
  );
}
