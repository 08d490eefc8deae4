/**
 * The app's shell: sign-in until there is a session, then the header and the routed view (the inbox,
 * with a thread open beside it or, on a phone, instead of it). A refused session shows the sign-in
 * form over the app, which keeps everything on screen and typed. Owns the app's long-lived parts
 * (router, loaders, the key listener) and stops them when unmounted.
 */
import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import { hrefFor, route, startRouter } from '../router/router';
import { startDirectory } from '../state/directory';
import { startInbox } from '../state/inbox';
import { startLive } from '../state/live';
import { expired, session } from '../state/session';
import { startThread } from '../state/thread';
import { shortcutsOpen } from '../state/ui';
import { Header } from './Header';
import { Inbox } from './Inbox';
import { LazyView } from './LazyView';
import { onKey } from './keyboard';
import { Shortcuts } from './Shortcuts';
import { SignIn } from './SignIn';

export function App() {
  useEffect(() => {
    const stops = [startRouter(), startInbox(), startThread(), startDirectory(), startLive()];
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const stop of stops) stop();
    };
  }, []);

  const words = t();
  if (!session.value) return <SignIn />;
  const current = route.value;
  return (
    <div class="shell">
      <a class="skip-link" href="#main">
        {words.skipToContent}
      </a>
      <Header />
      <main id="main" class="main" tabIndex={-1}>
        {current.name === 'unknown' ? (
          <div class="empty-state">
            <p>{words.thread.missing}</p>
            <a href={hrefFor(null)}>{words.thread.back}</a>
          </div>
        ) : current.name === 'inbox' || current.name === 'thread' ? (
          <Inbox />
        ) : (
          <LazyView route={current} />
        )}
      </main>
      {expired.value && <SignIn again />}
      {shortcutsOpen.value && <Shortcuts />}
    </div>
  );
}
