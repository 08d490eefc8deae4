/**
 * The filter bar: search, the status switch, and the other filters behind one button (a panel that
 * wraps into a grid, one column on a phone). Every control writes the URL (state/filters.ts); the
 * search field after a pause in typing, replacing its history entry rather than adding one per key.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { query } from '../router/router';
import { markups, members } from '../state/directory';
import { activeFilterCount, clearFilters, setFilters, type FilterKey } from '../state/filters';
import { filtersOpen, focusSearch } from '../state/ui';

const SEARCH_PAUSE_MS = 300;

export function Filters() {
  const words = t().filters;
  const params = query.value;
  const value = (key: FilterKey) => params.get(key) ?? '';
  const [text, setText] = useState(value('q'));
  const search = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);

  // The URL changed under the field (back, a cleared filter): show what it says.
  useEffect(() => setText(value('q')), [value('q')]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (focusSearch.value) search.current?.focus();
  }, [focusSearch.value]);

  const onSearch = (next: string) => {
    setText(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setFilters({ q: next.trim() }, { replace: true }), SEARCH_PAUSE_MS);
  };
  const status = value('status') || 'open';
  const count = activeFilterCount.value;
  const select = (key: FilterKey, label: string, options: [string, string][]) => (
    <label class="field field--compact">
      <span>{label}</span>
      <select value={value(key)} onChange={(event) => setFilters({ [key]: event.currentTarget.value })}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
  const people = (members.value ?? []).map((m) => [m.id, m.name] as [string, string]);

  return (
    <div class="filters">
      <form
        class="search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          window.clearTimeout(timer.current);
          setFilters({ q: text.trim() });
        }}
      >
        <label class="visually-hidden" for="inbox-search">
          {words.search}
        </label>
        <input
          id="inbox-search"
          ref={search}
          type="search"
          placeholder={words.searchHint}
          value={text}
          onInput={(e) => onSearch(e.currentTarget.value)}
        />
      </form>
      <div class="filter-row">
        <fieldset class="segmented">
          <legend class="visually-hidden">{words.status}</legend>
          {(['open', 'resolved', 'all'] as const).map((option) => (
            <label key={option} class={status === option ? 'is-checked' : ''}>
              <input
                type="radio"
                name="status"
                value={option}
                checked={status === option}
                onChange={() => setFilters({ status: option })}
              />
              {words[option]}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          class="button button--small"
          aria-expanded={filtersOpen.value}
          aria-controls="filter-panel"
          onClick={() => (filtersOpen.value = !filtersOpen.value)}
        >
          {words.show}
          {count > 0 && <span class="count-badge">{count}</span>}
        </button>
        {count > 0 && (
          <button type="button" class="button button--small button--quiet" onClick={clearFilters}>
            {words.clear}
          </button>
        )}
      </div>
      <div id="filter-panel" class="filter-panel" hidden={!filtersOpen.value}>
        {select('assignee', words.assignee, [['', words.anyone], ['me', words.me], ['none', words.unassigned], ...people])}
        {people.length > 0 && select('authorId', words.author, [['', words.anyone], ...people])}
        {markups.value &&
          markups.value.length > 0 &&
          select('markupId', words.markup, [['', words.anyMarkup], ...markups.value.map((m) => [m.id, m.name] as [string, string])])}
        {select('device', words.device, [
          ['', words.anyDevice],
          ['desktop', words.desktop],
          ['tablet', words.tablet],
          ['mobile', words.mobile],
        ])}
        {select('hasScreenshot', words.screenshot, [
          ['', words.either],
          ['true', words.with],
          ['false', words.without],
        ])}
        {select('hasDiagnostics', words.diagnostics, [
          ['', words.either],
          ['true', words.with],
          ['false', words.without],
        ])}
        <TextFilter name="url" label={words.url} />
        <TextFilter name="label" label={words.label} />
        <TextFilter name="from" label={words.from} type="date" />
        <TextFilter name="to" label={words.to} type="date" />
        <label class="check">
          <input
            type="checkbox"
            checked={value('mentionsMe') === 'true'}
            onChange={(e) => setFilters({ mentionsMe: e.currentTarget.checked ? 'true' : '' })}
          />
          {words.mentionsMe}
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={value('unread') === 'true'}
            onChange={(e) => setFilters({ unread: e.currentTarget.checked ? 'true' : '' })}
          />
          {words.unread}
        </label>
      </div>
    </div>
  );
}

/** A text or date filter, written to the URL when it changes (on Enter or leaving the field). */
function TextFilter({ name, label, type = 'text' }: { name: FilterKey; label: string; type?: string }) {
  const current = query.value.get(name) ?? '';
  return (
    <label class="field field--compact">
      <span>{label}</span>
      <input type={type} value={current} onChange={(event) => setFilters({ [name]: event.currentTarget.value.trim() })} />
    </label>
  );
}
