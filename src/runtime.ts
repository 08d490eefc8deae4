/**
 * One running widget for one set of options: wires the API client, the controller (state + auth)
 * and the UI, and tears all of it down with a single `destroy()`.
 */
import { createApiClient } from './api/client';
import { createController, type ControllerConfig } from './state/actions';
import type { DiagnosticsSource } from './state/compose-actions';
import type { EmitFn } from './state/events';
import type { WidgetError } from './state/store';
import { mountWidget } from './ui/mount';
import { ListenerCollection } from './util/listener-collection';

export interface RuntimeConfig extends ControllerConfig {
  nonce?: string;
  /** The host consented to attaching console errors and failed requests to new threads. */
  diagnostics?: boolean;
}

export interface Runtime {
  open(): void;
  close(): void;
  destroy(): void;
}

export function startRuntime(
  config: RuntimeConfig,
  emit: EmitFn,
  report: (error: unknown, context: string) => WidgetError,
  diagnostics: DiagnosticsSource | null = null,
): Runtime {
  const owner = new ListenerCollection((error) => report(error, 'runtime'));
  const guardedEmit: EmitFn = (event, payload) => {
    if (!owner.isDestroyed) emit(event, payload);
  };
  // Holder so the client can read the token of a controller created just after it.
  const session: { token: () => string | null } = { token: () => null };
  const api = createApiClient({ apiBase: config.apiBase, getToken: () => session.token() });
  owner.own(() => api.abortAll());
  const controller = createController({ config, api, owner, emit: guardedEmit, report, diagnostics });
  session.token = () => controller.auth.token();

  const mount = () => {
    if (owner.isDestroyed) return;
    const mounted = mountWidget(controller, { nonce: config.nonce });
    owner.own(() => mounted.unmount());
  };
  if (document.body) mount();
  else owner.add(document, 'DOMContentLoaded', mount, { once: true });

  void controller.actions.start().catch((error: unknown) => report(error, 'start'));

  return {
    open: () => controller.actions.open(),
    close: () => controller.actions.close(),
    destroy: () => owner.removeAll(),
  };
}
