/**
 * The page's threads as a list in the dock ("Comments (N)"), so a QA lead can scan reports without
 * hunting for pins: a titled panel with an Open / Resolved / All filter (remembered for the tab's
 * session), a search over message text, authors and pin numbers (thread-list-filter.ts), and the
 * entries (thread-list-item.tsx). Choosing one scrolls its pin into view and opens it. Keyboard:
 * the search field has focus on opening (not on touch screens, where it would raise the on-screen
 * keyboard), arrow keys move between the field and the results, Enter opens, Esc closes and returns
 * focus to the chip.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ThreadResponse } from '../../api/wire';
import { useListeners, useReview, useWidget } from '../hooks';
import { formatNumber } from '../i18n/intl';
import { strings } from '../strings';
import { LIST_FILTERS, listView, rememberedFilter, rememberFilter, type ListFilter } from './thread-list-filter';
import { ThreadListItem } from './thread-list-item';
import { useMediaStyles } from './styles';
import listCss from './thread-list.css?inline';

/** The list's height: at most this, and at most this share of the screen (the visual viewport). */
const MAX_HEIGHT_PX = 480;
const MAX_SCREEN_SHARE = 0.6;

export function ThreadList() {
  useMediaStyles();
  const { controller, screen, touchOnly, adoptStyles } = useWidget();
  adoptStyles(listCss);
  const { engine } = useReview();
  const { store, actions } = controller;
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState<ListFilter>(rememberedFilter);
  const [query, setQuery] = useState('');
  const [screenHeight, setScreenHeight] = useState(() => screen.size?.height ?? null);
  const toggle = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const threads = store.pageThreads.value;
  const view = useMemo(() => listView(threads, filter, query), [threads, filter, query]);

  // Kept inside what the reviewer sees: on a phone the on-screen keyboard shrinks the screen.
  useListeners(
    (listeners) => {
      if (open) listeners.own(screen.onChange(() => setScreenHeight(screen.size?.height ?? null)));
    },
    [open],
  );
  useLayoutEffect(() => {
    if (open && !touchOnly.peek()) search.current?.focus({ preventScroll: true });
  }, [open]);

  if (store.session.value.status !== 'signed-in' || threads.length === 0) return null;

  const close = () => {
    setOpen(false);
    toggle.current?.focus({ preventScroll: true });
  };
  const choose = (thread: ThreadResponse) => {
    setOpen(false);
    engine.reveal(thread.id);
    actions.openThread(thread.id);
  };
  const chooseFilter = (next: ListFilter) => {
    setFilter(next);
    rememberFilter(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      // Esc folds the list and leaves focus on its button, like any disclosure (and does not clear the search).
      event.preventDefault();
      close();
      return;
    }
    const next = nextFocus(event.key, event.target, search.current, list.current);
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  const trimmed = query.trim();
  const maxHeight = screenHeight ? `${Math.round(Math.min(MAX_HEIGHT_PX, screenHeight * MAX_SCREEN_SHARE))}px` : undefined;
  return (
    <div class="pm-thread-list-wrap" onKeyDown={onKeyDown}>
      {open && (
        <section
          id="pm-thread-list"
          class="pm-thread-list"
          aria-labelledby="pm-thread-list-title"
          style={maxHeight ? { maxHeight } : undefined}
        >
          <div class="pm-list-head">
            <h2 id="pm-thread-list-title" class="pm-list-heading">
              {strings.list.region}
            </h2>
            <fieldset class="pm-list-filters">
              <legend class="pm-visually-hidden">{strings.list.filter}</legend>
              {LIST_FILTERS.map((option) => (
                <label key={option} class="pm-list-filter">
                  <input
                    type="radio"
                    name="pm-list-filter"
                    value={option}
                    checked={filter === option}
                    onChange={() => chooseFilter(option)}
                  />
                  <span>{strings.list.filters[option]}</span>
                  <span class="pm-list-count">{formatNumber(view.counts[option])}</span>
                </label>
              ))}
            </fieldset>
            <input
              ref={search}
              type="search"
              class="pm-list-search"
              aria-label={strings.list.search}
              placeholder={strings.list.searchHint}
              value={query}
              autocomplete="off"
              spellcheck={false}
              enterKeyHint="search"
              onInput={(event) => setQuery(event.currentTarget.value)}
            />
          </div>
          <p class="pm-visually-hidden" role="status">
            {trimmed ? strings.list.results(view.shown.length) : ''}
          </p>
          {view.shown.length > 0 ? (
            <ul ref={list} class="pm-list-results">
              {view.shown.map((thread) => (
                <ThreadListItem
                  key={thread.id}
                  thread={thread}
                  unsent={store.sending.value[thread.id]?.status}
                  onChoose={() => choose(thread)}
                />
              ))}
            </ul>
          ) : (
            <p class="pm-list-empty">{trimmed ? strings.list.noMatch(trimmed) : strings.list.empty[filter]}</p>
          )}
        </section>
      )}
      <button
        ref={toggle}
        type="button"
        class="pm-chip"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? 'pm-thread-list' : undefined}
        onClick={() => setOpen(!open)}
      >
        {strings.list.toggle(threads.length)}
      </button>
    </div>
  );
}

/**
 * Where an arrow key (or Home/End) moves focus: from the search field down into the results, along
 * the results, and from the first result back up to the field. Null: the key is not ours (the
 * filter's radios move with arrows themselves, the field keeps Home/End for its text).
 */
function nextFocus(
  key: string,
  target: EventTarget | null,
  field: HTMLInputElement | null,
  list: HTMLUListElement | null,
): HTMLElement | null {
  const items = list ? [...list.querySelectorAll<HTMLButtonElement>('.pm-list-item')] : [];
  if (target === field) return key === 'ArrowDown' ? (items[0] ?? null) : null;
  const index = items.indexOf(target as HTMLButtonElement);
  if (index < 0) return null;
  if (key === 'ArrowDown') return items[Math.min(index + 1, items.length - 1)] ?? null;
  if (key === 'ArrowUp') return index === 0 ? field : (items[index - 1] ?? null);
  if (key === 'Home') return items[0] ?? null;
  if (key === 'End') return items[items.length - 1] ?? null;
  return null;
}
