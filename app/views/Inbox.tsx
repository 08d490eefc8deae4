/**
 * The inbox: filters and the windowed list on one side, the open thread on the other. On a narrow
 * screen (≤ 760 px) one at a time: the thread replaces the list and has a way back.
 */
import { t } from '../i18n';
import { route } from '../router/router';
import { total, listStatus } from '../state/inbox';
import { liveNews } from '../state/live';
import { BulkBar } from './BulkBar';
import { ExportMenu } from './ExportMenu';
import { Filters } from './Filters';
import { InboxList } from './InboxList';
import { ThreadView } from './ThreadView';

export function Inbox() {
  const words = t();
  const threadId = route.value.threadId;
  return (
    <div class={`inbox${threadId ? ' inbox--thread-open' : ''}`}>
      <section class="list-pane" aria-labelledby="inbox-title">
        <div class="list-head">
          <h1 id="inbox-title">{words.inbox.title}</h1>
          <span class="muted" role="status">
            {listStatus.value === 'ready' ? words.filters.count(total.value) : ''}
            {liveNews.value.threads > 0 && <span class="live-note"> · {words.live.newThreads(liveNews.value.threads)}</span>}
          </span>
          <ExportMenu />
        </div>
        <Filters />
        <BulkBar />
        <InboxList />
      </section>
      <section class="thread-pane" aria-label={words.thread.messages}>
        {threadId ? (
          <ThreadView threadId={threadId} key={threadId} />
        ) : (
          <div class="empty-state">
            <p class="muted">{words.inbox.pick}</p>
          </div>
        )}
      </section>
    </div>
  );
}
