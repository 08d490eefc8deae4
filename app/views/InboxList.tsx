/**
 * The inbox list, windowed: rows have one fixed height, so only the ones in view (and a few either
 * side) exist in the DOM, however many threads there are; the list asks for the next page when its
 * end comes into view. One row is tabbable at a time (the selected one); j/k and the arrow keys move
 * it (keyboard.ts), and this keeps it in view and focused.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { route } from '../router/router';
import { describeFailure } from '../state/errors';
import { items, listError, listStatus, loadInbox, loadingMore, loadMore, selected } from '../state/inbox';
import { checked, toggleChecked } from '../state/bulk';
import { focusList } from '../state/ui';
import { InboxRow, ROW_HEIGHT } from './InboxRow';

const OVERSCAN = 8;

export function InboxList() {
  const words = t();
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 900 });

  useLayoutEffect(() => {
    const element = scroller.current!;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight || 900 });
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);

  const list = items.value;
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(list.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const index = Math.min(selected.value, Math.max(0, list.length - 1));

  useEffect(() => {
    if (listStatus.value === 'ready' && last >= list.length - OVERSCAN) void loadMore();
  }, [last, list.length, listStatus.value]);

  // The selected row stays in view; after a key press it also gets focus.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const y = index * ROW_HEIGHT;
    const before = element.scrollTop;
    if (y < element.scrollTop) element.scrollTop = y;
    else if (y + ROW_HEIGHT > element.scrollTop + element.clientHeight) element.scrollTop = y + ROW_HEIGHT - element.clientHeight;
    // Render the new window now rather than on the scroll event, so the row can take focus at once.
    if (element.scrollTop !== before) setView({ top: element.scrollTop, height: element.clientHeight || 900 });
  }, [index]);
  // A focus request waits until its row is rendered (a jump may need a new window first).
  const pendingFocus = useRef(0);
  useEffect(() => {
    if (focusList.value) pendingFocus.current = focusList.value;
  }, [focusList.value]);
  useEffect(() => {
    if (!pendingFocus.current) return;
    const id = items.peek()[selected.peek()]?.id;
    const row = id ? document.getElementById(`row-${id}`) : null;
    if (!row) return;
    pendingFocus.current = 0;
    row.focus({ preventScroll: true });
  });

  const openId = route.value.threadId;
  const ticked = checked.value;
  return (
    <div class="list-scroll" ref={scroller} data-inbox-list>
      {listStatus.value === 'error' && (
        <div class="notice notice--error" role="alert">
          <span>{describeFailure(listError.value)}</span>
          <button type="button" class="button button--small" onClick={() => void loadInbox()}>
            {words.errors.retry}
          </button>
        </div>
      )}
      {listStatus.value === 'loading' && !list.length && <p class="muted list-message">{words.inbox.loading}</p>}
      {listStatus.value === 'ready' && !list.length && <p class="muted list-message">{words.inbox.empty}</p>}
      <ul
        class="rows"
        aria-label={words.inbox.list}
        aria-busy={listStatus.value === 'loading'}
        style={{ height: `${list.length * ROW_HEIGHT}px` }}
      >
        {list.slice(first, last).map((row, k) => (
          <InboxRow
            key={row.id}
            row={row}
            index={first + k}
            count={list.length}
            selected={first + k === index}
            open={row.id === openId}
            checked={ticked.has(row.id)}
            onSelect={() => (selected.value = first + k)}
            onCheck={() => toggleChecked(row.id)}
          />
        ))}
      </ul>
      {loadingMore.value && <p class="muted list-message">{words.inbox.loadingMore}</p>}
    </div>
  );
}
