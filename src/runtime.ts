/**
 * One running widget for one set of options: wires the API client, the controller (state + auth)
 * and the UI, and tears all of it down with a single `destroy()`.
 */
import { createApiClient } from './api/client';
import type { HostTokenSource } from './auth/auth';
import { createController, type ControllerConfig } from './state/controller';
import type { LauncherHandover } from './loader/stub';
import type { DiagnosticsSource } from './state/actions/deps';
import type { EmitFn, PinmarkEventMap } from './state/model/events';
import type { WidgetError } from './state/model/store';
import type { ViewModeSetting } from './state/model/view-mode';
import type { PinmarkOptions } from './types';
import { applyLocale, resetLocale, type StringOverrides } from './ui/i18n';
import { launcherOf } from './ui/focus';
import { mountWidget } from './ui/mount';
import { Emitter } from './util/emitter';
import { ListenerCollection } from './util/listener-collection';

/** The checked options (pinmark.ts validateOptions): the controller's part and the UI's. */
export type RuntimeConfig = ControllerConfig &
  Pick<PinmarkOptions, 'nonce' | 'theme' | 'locale' | 'viewMode'> & {
    /** The host consented to attaching console errors and failed requests to new threads. */
    diagnostics?: boolean;
    /** The host's string overrides, checked against the table (`ui/i18n`). */
    strings?: StringOverrides;
  };

export interface Runtime {
  open(): void;
  close(): void;
  destroy(): void;
  /** Signs in with the host's token source; rejects with the reason. */
  identify(source: HostTokenSource): Promise<{ userId: string; name: string }>;
  signOut(): void;
  setViewMode(setting: ViewModeSetting): void;
}

export function startRuntime(
  config: RuntimeConfig,
  emit: EmitFn,
  report: (error: unknown, context: string) => WidgetError,
  diagnostics: DiagnosticsSource | null = null,
  /** The visitor's launcher the loader drew before app.js arrived: replaced when the UI mounts. */
  visitorLauncher?: LauncherHandover,
): Runtime {
  const owner = new ListenerCollection((error) => report(error, 'runtime'));
  // The UI hears the same events as the host (its live region announces what the server confirmed).
  const uiEvents = new Emitter<PinmarkEventMap>();
  const guardedEmit: EmitFn = (event, payload) => {
    if (owner.isDestroyed) return;
    uiEvents.emit(event, payload);
    emit(event, payload);
  };
  // Without a session: the controller's auth signs in through it and makes the session's client.
  const api = createApiClient({ apiBase: config.apiBase });
  owner.own(() => api.abortAll());
  const controller = createController({ config, api, owner, emit: guardedEmit, report, diagnostics });
  if (config.viewMode) controller.actions.setViewMode(config.viewMode);

  const mount = () => {
    if (owner.isDestroyed) return;
    const mounted = mountWidget(controller, { nonce: config.nonce, theme: config.theme, events: uiEvents });
    owner.own(() => mounted.unmount());
    // In the same task as the render: the page never shows two launchers, nor none.
    if (visitorLauncher) {
      const focused = visitorLauncher.hasFocus();
      visitorLauncher.remove();
      if (focused) launcherOf(mounted.host)?.focus({ preventScroll: true });
    }
  };
  if (visitorLauncher) owner.own(() => visitorLauncher.remove());
  // A press on the visitor's launcher (down, not yet up) would be lost if its element were replaced
  // under the finger: the click needs both ends on one element. Take its place once the press is over.
  const mountAfterPress = () => {
    if (visitorLauncher) owner.own(visitorLauncher.afterPress(mount));
    else mount();
  };
  const start = () => {
    if (owner.isDestroyed) return;
    // The UI in a task of its own after the controller's, so each stays short; it shows the store as
    // it is then, whatever the host called meanwhile.
    if (document.body) owner.nextTask(mountAfterPress);
    else owner.add(document, 'DOMContentLoaded', mountAfterPress, { once: true });
  };
  // The words first: a German table is a download, and the UI should never show English before it.
  owner.own(resetLocale);
  const words = applyLocale(config.locale, config.strings);
  if (words) void words.then(start);
  else start();

  void controller.actions.start().catch((error: unknown) => report(error, 'start'));

  return {
    open: () => controller.actions.open(),
    close: () => controller.actions.close(),
    destroy: () => owner.removeAll(),
    identify: (source) => controller.actions.identify(source),
    signOut: () => controller.actions.signOut(),
    setViewMode: (setting) => controller.actions.setViewMode(setting),
  };
}
