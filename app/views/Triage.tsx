/**
 * Triage of the open thread: assignee (members from the directory; without that list, "me" and
 * "unassigned" only), priority, labels. Each change is saved at once (PATCH /threads/:id/triage).
 */
import { useState } from 'preact/hooks';
import type { ThreadResponse } from '../../src/api/wire';
import { t } from '../i18n';
import { members } from '../state/directory';
import { session } from '../state/session';
import { busy, saveTriage } from '../state/thread';

const PRIORITIES = ['1', '2', '3', '4'];

export function Triage({ thread }: { thread: ThreadResponse }) {
  const words = t().triage;
  const me = session.value!;
  const [label, setLabel] = useState('');
  const assignee = thread.assigneeId ?? '';
  const labels = thread.labels ?? [];
  const saving = !!busy.value.triage;
  const others = (members.value ?? []).filter((m) => m.id !== me.userId);
  const unknownAssignee = assignee && assignee !== me.userId && !others.some((m) => m.id === assignee);

  const addLabel = (event: Event) => {
    event.preventDefault();
    const next = label.trim();
    if (!next) return;
    void saveTriage(thread.id, { labels: [...labels, next] }).then(() => setLabel(''));
  };

  return (
    <section class="triage" aria-label={words.title} aria-busy={saving}>
      <label class="field field--compact">
        <span>{words.assignee}</span>
        <select value={assignee} onChange={(e) => void saveTriage(thread.id, { assigneeId: e.currentTarget.value || null })}>
          <option value="">{words.nobody}</option>
          <option value={me.userId}>{me.name}</option>
          {others.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
          {unknownAssignee && <option value={assignee}>{assignee.slice(0, 8)}…</option>}
        </select>
      </label>
      {assignee !== me.userId && (
        <button
          type="button"
          class="button button--small"
          disabled={saving}
          onClick={() => void saveTriage(thread.id, { assigneeId: me.userId })}
        >
          {words.assignMe}
        </button>
      )}
      <label class="field field--compact">
        <span>{words.priority}</span>
        <select
          value={thread.priority ? String(thread.priority) : ''}
          onChange={(e) => void saveTriage(thread.id, { priority: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
        >
          <option value="">{words.priorities.none}</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {words.priorities[p]}
            </option>
          ))}
          {thread.priority && !PRIORITIES.includes(String(thread.priority)) && (
            <option value={String(thread.priority)}>{thread.priority}</option>
          )}
        </select>
      </label>
      <div class="labels" role="group" aria-label={words.labels}>
        {labels.map((name) => (
          <span key={name} class="badge badge--label">
            {name}
            <button
              type="button"
              class="chip-remove"
              aria-label={words.removeLabel(name)}
              disabled={saving}
              onClick={() => void saveTriage(thread.id, { labels: labels.filter((l) => l !== name) })}
            >
              ×
            </button>
          </span>
        ))}
        <form class="label-form" onSubmit={addLabel}>
          <input
            aria-label={words.addLabel}
            placeholder={words.addLabel}
            maxLength={40}
            value={label}
            onInput={(e) => setLabel(e.currentTarget.value)}
          />
          <button type="submit" class="button button--small" disabled={saving || !label.trim()}>
            +<span class="visually-hidden"> {words.addLabel}</span>
          </button>
        </form>
      </div>
    </section>
  );
}
