/** The whole widget UI: pin layer, launcher and whichever panel the current mode calls for. */
import { useWidget } from './hooks';
import { Launcher } from './Launcher';
import { CommentMode, Composer, SignInPanel } from './lazy';
import { Notice } from './Notice';
import { PinControls } from './PinControls';
import { PinLayer } from './PinLayer';
import { ThreadPanel } from './ThreadPanel';

export function App() {
  const { store } = useWidget().controller;
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
      <div class="pm-dock">
        <Notice />
        {store.signInPanelOpen.value && !signedIn && <SignInPanel />}
        <PinControls />
        <Launcher />
      </div>
    </>
  );
}
