/**
 * The Integrations page's state: the workspace's integrations as the server reports them (masked
 * secrets, health, last jobs), refreshed every few seconds while the page is open so a failure or
 * a retry shows without a reload, and the actions the page offers. One status line says what the
 * last action did.
 */
import { signal } from '@preact/signals';
import { integrationsApi, type IntegrationChange, type IntegrationSummary, type NewIntegration } from '../api/integrations-api';
import { credential } from './session';
import { describeFailure } from './errors';

const REFRESH_MS = 3000;

export const integrations = signal<IntegrationSummary[] | null>(null);
export const integrationsStatus = signal('');
export const integrationsError = signal('');
export const busy = signal(false);

let client: ReturnType<typeof integrationsApi> | undefined;
const api = () => (client ??= integrationsApi(credential));

export async function loadIntegrations(): Promise<void> {
  try {
    integrations.value = (await api().list()).integrations;
    integrationsError.value = '';
  } catch (error) {
    integrationsError.value = describeFailure(error);
  }
}

/** Starts refreshing; returns the stop function (the page's effect cleanup). */
export function watchIntegrations(): () => void {
  void loadIntegrations();
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible' && !busy.peek()) void loadIntegrations();
  }, REFRESH_MS);
  return () => clearInterval(timer);
}

function replace(updated: IntegrationSummary): void {
  const list = integrations.peek() ?? [];
  integrations.value = list.some((i) => i.id === updated.id) ? list.map((i) => (i.id === updated.id ? updated : i)) : [...list, updated];
}

/** Runs one action; answers whether it succeeded, with its words (or the failure) in the status line. */
async function act(done: string, action: () => Promise<IntegrationSummary | void>): Promise<boolean> {
  busy.value = true;
  integrationsStatus.value = '';
  try {
    const result = await action();
    if (result) replace(result);
    integrationsStatus.value = done;
    return true;
  } catch (error) {
    integrationsStatus.value = describeFailure(error);
    return false;
  } finally {
    busy.value = false;
  }
}

export const createIntegration = (input: NewIntegration, done: string) => act(done, () => api().create(input));

export const updateIntegration = (id: string, change: IntegrationChange, done: string) => act(done, () => api().update(id, change));

export const retryIntegration = (id: string, done: string) => act(done, () => api().retry(id));

export async function removeIntegration(id: string, done: string): Promise<boolean> {
  const ok = await act(done, () => api().remove(id));
  if (ok) integrations.value = (integrations.peek() ?? []).filter((i) => i.id !== id);
  return ok;
}

/** Tries the credentials; the answer (or the service's refusal) goes to the status line. */
export async function testIntegration(id: string, describe: (ok: boolean, message: string) => string): Promise<void> {
  busy.value = true;
  try {
    const result = await api().test(id);
    integrationsStatus.value = describe(result.ok, result.message);
  } catch (error) {
    integrationsStatus.value = describeFailure(error);
  } finally {
    busy.value = false;
  }
}
