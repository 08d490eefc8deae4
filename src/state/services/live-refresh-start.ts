/**
 * Polling is for reviewers only: the live-refresh code (live-refresh.ts, a lazy chunk) is imported
 * with the first sign-in and started once; visitors who never sign in never download it.
 */
import { effect } from '@preact/signals';
import { lazyModule } from '../../util/lazy-module';
import type { LiveRefreshDeps } from './live-refresh';

const refreshing = lazyModule(() => import('./live-refresh'));

export function startLiveRefreshWhenSignedIn(deps: LiveRefreshDeps): void {
  const { store, owner, report } = deps;
  let started = false;
  const stop = effect(() => {
    if (started || store.session.value.status !== 'signed-in') return;
    started = true;
    refreshing.load().then(
      ({ createLiveRefresh }) => {
        if (!owner.isDestroyed) createLiveRefresh(deps);
      },
      (error: unknown) => {
        if (!owner.isDestroyed) report(error, 'load-live-refresh');
      },
    );
  });
  owner.own(stop);
}
