/**
 * Saving a moved pin (lazy: loaded on the first move, see move-actions.ts). Optimistic: the thread
 * takes its new anchor at once, so the pin stays where it was dropped; when the server refuses, the
 * old anchor comes back and the reviewer reads why.
 */
import type { MovePinRequest, ThreadElement, ThreadParent, ThreadResponse } from '../api/wire';
import { widgetError } from './errors';
import { capturing, describing } from './lazy-parts';
import type { MoveActionDeps } from './move-actions';
import { updateThread } from './store';

type Geometry = Pick<ThreadResponse, 'elements' | 'parents' | 'offsetXPercentage' | 'offsetYPercentage' | 'originalUrl' | 'proxyUrl'>;

/** Describes the drop point, applies it, saves it; true when the server accepted. Never rejects. */
export async function savePinMove(deps: MoveActionDeps, threadId: string, target: Element, clientX: number, clientY: number): Promise<boolean> {
  const { store, api, owner, emit, report, authed } = deps;
  const find = () => store.threads.peek().find((thread) => thread.id === threadId);
  const update = (change: (thread: ThreadResponse) => ThreadResponse) => updateThread(store, threadId, change);
  let before: Geometry | undefined;
  try {
    const [{ describePin }, { browserContext }] = await Promise.all([describing.load(), capturing.load()]);
    const anchor = describePin(target, clientX, clientY);
    const current = find();
    if (!current || owner.isDestroyed) return false;
    before = geometryOf(current);
    const now = Date.now();
    update((thread) => ({
      ...thread,
      elements: anchor.elements.map(
        (spot, index): ThreadElement => ({ id: `moved-${index}`, threadId, path: spot.elementPath, offsetXPercentage: spot.offsetXPercentage, offsetYPercentage: spot.offsetYPercentage, createdAt: now, modifiedAt: now }),
      ),
      parents: anchor.elementParents.map(
        (parent, index): ThreadParent => ({ id: `moved-${index}`, path: parent.path, proxyUrl: parent.url, originalUrl: parent.url, canonicalUrl: parent.canonicalUrl, depth: parent.depth, createdAt: now, modifiedAt: now }),
      ),
      offsetXPercentage: anchor.offsetXPercentage,
      offsetYPercentage: anchor.offsetYPercentage,
      originalUrl: anchor.url,
      proxyUrl: anchor.url,
    }));
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
    await authed(() => api.movePin(threadId, body));
    if (owner.isDestroyed) return false;
    const moved = find();
    if (moved) emit('threadMoved', { threadId, thread: moved });
    return true;
  } catch (error) {
    if (owner.isDestroyed) return false;
    const saved = before;
    if (saved) update((thread) => ({ ...thread, ...saved }));
    const cause = report(error, 'move-pin');
    store.notice.value = { ...widgetError('move_failed', cause.message), status: cause.status, cause };
    return false;
  }
}

function geometryOf(thread: ThreadResponse): Geometry {
  const { elements, parents, offsetXPercentage, offsetYPercentage, originalUrl, proxyUrl } = thread;
  return { elements, parents, offsetXPercentage, offsetYPercentage, originalUrl, proxyUrl };
}
