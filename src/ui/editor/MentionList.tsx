/**
 * The people that match an `@query`, as a listbox the editable controls (combobox pattern: focus
 * stays in the text, aria-activedescendant names the highlighted option). Options don't take focus
 * on mouse down, so choosing one with the pointer keeps the caret where the mention goes.
 */
import type { RefObject } from 'preact';
import { strings } from '../strings';

const t = strings.editor;

export interface MentionCandidate {
  id: string;
  name: string;
  email?: string;
}

export interface MentionListProps {
  id: string;
  open: boolean;
  items: MentionCandidate[];
  active: number;
  status: string;
  popRef: RefObject<HTMLDivElement>;
  onChoose: (index: number) => void;
  onHover: (index: number) => void;
}

export function MentionList({ id, open, items, active, status, popRef, onChoose, onHover }: MentionListProps) {
  return (
    <div ref={popRef} class="pm-rte-pop" hidden={!open}>
      <ul role="listbox" id={id} aria-label={t.mentions.list}>
        {items.map((person, n) => (
          <li
            key={person.id}
            id={`${id}-${n}`}
            role="option"
            aria-selected={n === active}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onHover(n)}
            onClick={() => onChoose(n)}
          >
            {person.name}
            {person.email && <small>{person.email}</small>}
          </li>
        ))}
      </ul>
      {status && <div class="pm-rte-status">{status}</div>}
    </div>
  );
}

/** Case-insensitive match on name and email; junk from the source is skipped, at most 8 shown. */
export function matching(list: unknown, query: string): MentionCandidate[] {
  const q = query.toLowerCase();
  return (Array.isArray(list) ? (list as MentionCandidate[]) : [])
    .filter(
      (c) =>
        typeof c?.id === 'string' &&
        c.id &&
        typeof c.name === 'string' &&
        c.name &&
        (c.name.toLowerCase().includes(q) || (typeof c.email === 'string' && c.email.toLowerCase().includes(q))),
    )
    .slice(0, 8);
}
