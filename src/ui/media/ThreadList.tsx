/**
 * The page's threads as a list in the dock ("Comments (N)"): number, first words, author, state and
 * the screenshot's thumbnail, so a QA lead can scan reports without hunting for pins. Choosing one
 * scrolls its pin into view and opens it.
 */
import { useRef, useState } from 'preact/hooks';
import type { ThreadResponse } from '../../api/wire';
import { messageText } from '../../state/helpers';
import { useReview, useWidget } from '../hooks';
import { relativeTime } from '../format';
import { strings } from '../strings';
import { useMediaStyles } from './styles';

const EXCERPT = 90;

export function ThreadList() {
  useMediaStyles();
  const { controller } = useWidget();
  const { engine } = useReview();
  const { store, actions } = controller;
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const threads = store.pageThreads.value;
  if (store.session.value.status !== 'signed-in' || threads.length === 0) return null;

  const choose = (thread: ThreadResponse) => {
    setOpen(false);
    engine.reveal(thread.id);
    actions.openThread(thread.id);
  };

  return (
    <div
      class="pm-thread-list-wrap"
      onKeyDown={(event) => {
        // Esc folds the list and leaves focus on its button, like any disclosure.
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        setOpen(false);
        toggle.current?.focus({ preventScroll: true });
      }}
    >
      {open && (
        <section class="pm-thread-list" aria-label={strings.list.region}>
          <ul>
            {threads.map((thread) => {
              const first = Array.isArray(thread.messages) ? thread.messages[0] : undefined;
              const text = first ? messageText(first) : '';
              const shot = thread.screenshot?.url && /^https?:/i.test(thread.screenshot.url) ? thread.screenshot.url : null;
              // A comment still in the outbox has no number yet.
              const unsent = store.sending.value[thread.id];
              const label = unsent ? strings.send.label(unsent.status) : `#${thread.number}`;
              return (
                <li key={thread.id}>
                  <button type="button" class="pm-list-item" onClick={() => choose(thread)} aria-label={unsent ? `${label}: ${text.slice(0, 60)}` : strings.list.item(thread.number, text)}>
                    {shot ? <img class="pm-list-thumb" src={shot} alt="" loading="lazy" /> : <span class="pm-list-thumb pm-list-thumb--none" aria-hidden="true" />}
                    <span class="pm-list-body">
                      <span class="pm-list-title">
                        <strong>{label}</strong> {first?.user?.name || strings.thread.unknownAuthor}
                        {thread.resolved === true && <span class="pm-badge">{strings.thread.resolvedBadge}</span>}
                      </span>
                      <span class="pm-list-text">{text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text}</span>
                      <span class="pm-muted pm-list-time">{relativeTime(thread.lastActivityAt ?? thread.createdAt)}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <button ref={toggle} type="button" class="pm-chip" aria-expanded={open ? 'true' : 'false'} onClick={() => setOpen(!open)}>
        {strings.list.toggle(threads.length)}
      </button>
    </div>
  );
}
