/**
 * One inbox row, two dense lines: unread mark, number, title and time; then site and page, author,
 * replies, screenshot/diagnostics marks, labels, assignee. A link to the thread (a real address, so it
 * opens in a new tab too); user text is rendered as text.
 */
import type { InboxThread } from '../../src/api/wire';
import { RelativeTime } from '../../src/ui/thread/RelativeTime';
import { t } from '../i18n';
import { hrefFor, isPlainClick, navigate } from '../router/router';

/** Must match `.row` in styles/inbox.css. */
export const ROW_HEIGHT = 64;

interface Props {
  row: InboxThread;
  index: number;
  count: number;
  selected: boolean;
  open: boolean;
  /** Ticked for the actions on several threads (BulkBar). */
  checked: boolean;
  onSelect(): void;
  onCheck(): void;
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

export function InboxRow({ row, index, count, selected, open, checked, onSelect, onCheck }: Props) {
  const words = t();
  const href = hrefFor(row.id);
  const priority = row.priority ? words.triage.priorities[String(row.priority)] : undefined;
  return (
    <li
      class={`row-item${checked ? ' row-item--checked' : ''}`}
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
      aria-setsize={count}
      aria-posinset={index + 1}
    >
      {/* Beside the link, not in it: a control inside a link is neither valid nor reachable. */}
      <input
        type="checkbox"
        class="row-check"
        checked={checked}
        tabIndex={-1}
        aria-label={words.inbox.select(row.number)}
        onChange={onCheck}
      />
      <a
        id={`row-${row.id}`}
        href={href}
        class={`row${row.unread ? ' row--unread' : ''}${selected ? ' row--selected' : ''}${row.resolved ? ' row--resolved' : ''}`}
        tabIndex={selected ? 0 : -1}
        aria-current={open ? 'page' : undefined}
        onFocus={onSelect}
        onClick={(event) => {
          onSelect();
          if (!isPlainClick(event)) return;
          event.preventDefault();
          navigate(href);
        }}
      >
        <span class="row-line">
          <span class="unread-dot" aria-hidden="true" />
          {row.unread && <span class="visually-hidden">{words.inbox.unread}: </span>}
          <span class="row-number">#{row.number}</span>
          <span class="row-title">{row.title || '—'}</span>
          {row.resolved && <span class="badge badge--resolved">{words.inbox.resolved}</span>}
          <RelativeTime epochMs={row.lastActivityAt} />
        </span>
        <span class="row-line row-meta">
          <span class="row-where">
            {row.markupName} · {pathOf(row.canonicalUrl)}
          </span>
          <span class="row-author">{row.author.name}</span>
          {row.messageCount > 1 && <span>{words.inbox.replies(row.messageCount - 1)}</span>}
          {row.hasScreenshot && (
            <Mark label={words.inbox.withScreenshot} shape="M4 7h3l2-2h6l2 2h3v12H4zM12 10a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z" />
          )}
          {row.hasDiagnostics && <Mark label={words.inbox.withDiagnostics} shape="M4 5h16v14H4zM7 9l3 3-3 3M12 15h5" />}
          {priority && <span class="badge">{priority}</span>}
          {row.labels.slice(0, 3).map((label) => (
            <span key={label} class="badge badge--label">
              {label}
            </span>
          ))}
          {row.assignee && <span class="row-assignee">→ {row.assignee.name}</span>}
        </span>
      </a>
    </li>
  );
}

function Mark({ label, shape }: { label: string; shape: string }) {
  return (
    <span class="mark" title={label}>
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path d={shape} fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" />
      </svg>
      <span class="visually-hidden">{label}</span>
    </span>
  );
}
