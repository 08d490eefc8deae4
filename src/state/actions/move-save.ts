/**
 * Saving a moved pin (lazy: loaded on the first move, see move-actions.ts): the drop point is
 * described and the move queued in the outbox, which shows it at once (the pin stays where it was
 * dropped) and, when the server refuses, puts the old anchor back and says why (send-kinds.ts).
 */
import type { MovePinRequest, ThreadElement, ThreadParent, ThreadResponse } from '../../api/wire';
import { widgetError } from '../model/errors';
import { capturing, describing } from './lazy-parts';
import type { Sending } from '../services/sending';
import type { ThreadActionDeps } from './thread-actions';
import type { PinGeometry } from '../model/send-kinds';

/** Describes the drop point, shows the pin there at once and queues the save; true when queued. Never rejects. */
/** What saving a move needs (move-actions.ts hands over its own deps). */
export interface PinMoveDeps extends Pick<ThreadActionDeps, 'store' | 'owner' | 'report'> {
  sending: () => Promise<Sending>;
}

export async function savePinMove(
  deps: PinMoveDeps,
  threadId: string,
  target: Element,
  clientX: number,
  clientY: number,
): Promise<boolean> {
  const { store, owner, report } = deps;
  try {
    const [{ describePin }, { browserContext }, sending] = await Promise.all([describing.load(), capturing.load(), deps.sending()]);
    const anchor = describePin(target, clientX, clientY);
    const current = store.threads.peek().find((thread) => thread.id === threadId);
    if (!current || owner.isDestroyed) return false;
    const now = Date.now();
    const after: PinGeometry = {
      elements: anchor.elements.map((spot, index): ThreadElement => ({
        id: `moved-${index}`,
        threadId,
        path: spot.elementPath,
        offsetXPercentage: spot.offsetXPercentage,
        offsetYPercentage: spot.offsetYPercentage,
        createdAt: now,
        modifiedAt: now,
      })),
      parents: anchor.elementParents.map((parent, index): ThreadParent => ({
        id: `moved-${index}`,
        path: parent.path,
        proxyUrl: parent.url,
        originalUrl: parent.url,
        canonicalUrl: parent.canonicalUrl,
        depth: parent.depth,
        createdAt: now,
        modifiedAt: now,
      })),
      offsetXPercentage: anchor.offsetXPercentage,
      offsetYPercentage: anchor.offsetYPercentage,
      originalUrl: anchor.url,
      proxyUrl: anchor.url,
    };
    const body: MovePinRequest = {
      url: anchor.url,
      // The thread stays on its page: a canonical URL it already has is kept.
      canonicalUrl: current.canonicalUrl || anchor.canonicalUrl,
      elements: anchor.elements,
      elementParents: anchor.elementParents,
      browserContext: browserContext(),
      // docs/api-decisions.md: these become the thread's page-level offsets.
      viewportXPercentage: anchor.offsetXPercentage,
      viewportYPercentage: anchor.offsetYPercentage,
    };
    sending.change('movePin', { threadId, body, after, before: geometryOf(current) });
    return true;
  } catch (error) {
    if (owner.isDestroyed) return false;
    const cause = report(error, 'move-pin');
    store.notice.value = { ...widgetError('move_failed', cause.message), status: cause.status, cause };
    return false;
  }
}

function geometryOf(thread: ThreadResponse): PinGeometry {
  const { elements, parents, offsetXPercentage, offsetYPercentage, originalUrl, proxyUrl } = thread;
  return { elements, parents, offsetXPercentage, offsetYPercentage, originalUrl, proxyUrl };
}
