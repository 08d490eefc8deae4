/**
 * One entry of the comment list: the screenshot's thumbnail, number, author, state, the first words
 * and the last activity. Text only (user content is never HTML); a comment still in the outbox has no
 * number yet and says so instead.
 */
import type { ThreadResponse } from '../../api/wire';
import { messageText } from '../../state/model/helpers';
import { relativeTime } from '../format';
import { strings } from '../strings';

const EXCERPT = 90;

export function ThreadListItem({ thread, unsent, onChoose }: { thread: ThreadResponse; unsent: string | undefined; onChoose: () => void }) {
  const first = Array.isArray(thread.messages) ? thread.messages[0] : undefined;
  const text = first ? messageText(first) : '';
  const shot = thread.screenshot?.url && /^https?:/i.test(thread.screenshot.url) ? thread.screenshot.url : null;
  const label = unsent ? strings.send.label(unsent) : `#${thread.number}`;
  return (
    <li>
      <button
        type="button"
        class="pm-list-item"
        onClick={onChoose}
        aria-label={unsent ? `${label}: ${text.slice(0, 60)}` : strings.list.item(thread.number, text)}
      >
        {shot ? (
          <img class="pm-list-thumb" src={shot} alt="" loading="lazy" />
        ) : (
          <span class="pm-list-thumb pm-list-thumb--none" aria-hidden="true" />
        )}
        <span class="pm-list-body">
          <span class="pm-list-title">
            <strong>{label}</strong> <span class="pm-list-author">{first?.user?.name || strings.thread.unknownAuthor}</span>
            {thread.resolved === true && <span class="pm-badge">{strings.thread.resolvedBadge}</span>}
          </span>
          <span class="pm-list-text">{text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text}</span>
          <span class="pm-muted pm-list-time">{relativeTime(thread.lastActivityAt ?? thread.createdAt)}</span>
        </span>
      </button>
    </li>
  );
}
