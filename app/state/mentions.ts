/**
 * Who can be @mentioned in the app's editors (reply, edit): the thread's markup's taggable people
 * (`GET /markups/:id/tag`, the workspace's members and everyone who wrote there) — the list the
 * widget's editor offers, so a mention is stored as the widget stores it.
 */
import type { MentionCandidate } from '../../src/ui/editor/MentionList';
import { api } from './session';

const people = new Map<string, Promise<MentionCandidate[]>>();

/** Who can be @mentioned on a markup's threads (asked once per markup; a failure asks again next time). */
export function mentionCandidates(markupId: string): Promise<MentionCandidate[]> {
  let found = people.get(markupId);
  if (!found) {
    found = api
      .getMarkupTags(markupId)
      .then((tags) =>
        (Array.isArray(tags?.taggable) ? tags.taggable : [])
          .filter((u) => u && typeof u.id === 'string' && typeof u.name === 'string')
          .map((u) => ({ id: u.id, name: u.name, ...(typeof u.email === 'string' && u.email ? { email: u.email } : {}) })),
      );
    found.catch(() => people.delete(markupId));
    people.set(markupId, found);
  }
  return found;
}
