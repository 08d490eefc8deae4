/**
 * The routed views that are not the inbox, from one lazy chunk (manage-views.ts), so the app's
 * first load stays the inbox's. While it loads, a status line; if it cannot load (offline), a
 * message and a retry — never a blank page.
 */
import { signal } from '@preact/signals';
import type { Route } from '../router/router';
import { t } from '../i18n';
import { prefetchItem } from '../state/item-prefetch';

type Views = typeof import('./manage-views');
const views = signal<Views | null>(null);
const failed = signal(false);
let pending: Promise<void> | null = null;

function load(): void {
  if (views.peek() || pending) return;
  failed.value = false;
  pending = import('./manage-views').then(
    (module) => void (views.value = module),
    () => void (failed.value = true),
  );
  void pending.finally(() => (pending = null));
}

export function LazyView({ route }: { route: Exclude<Route, { name: 'inbox' | 'thread' | 'unknown' }> }) {
  const words = t();
  // The markup beside the chunk that shows it, not after (item-prefetch.ts).
  if (route.name === 'markup' && !views.peek()) prefetchItem(route.markupId);
  load();
  const loaded = views.value;
  if (!loaded)
    return failed.value ? (
      <div class="empty-state" role="alert">
        <p>{words.errors.offline}</p>
        <button type="button" class="button" onClick={load}>
          {words.errors.retry}
        </button>
      </div>
    ) : (
      <p class="muted page" role="status">
        {words.loadingView}
      </p>
    );
  if (route.name === 'workspace') return <loaded.Workspace folderId={route.folderId} />;
  if (route.name === 'markup') return <loaded.MarkupPage markupId={route.markupId} key={route.markupId} />;
  if (route.name === 'mail') return <loaded.MailView />;
  if (route.name === 'integrations') return <loaded.IntegrationsView />;
  return <loaded.Metrics />;
}
