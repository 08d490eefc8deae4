/**
 * An installation's guest reporting, switched on or off on the markup page (issue 18). Apart from
 * guests.ts (the thread view's, in the first load) because it updates the markup page's state, which
 * arrives with that page's lazy chunk.
 */
import { signal } from '@preact/signals';
import type { UpdateInstallationRequest } from '../../src/api/wire';
import { guestApi } from '../api/guest-api';
import { markupPage } from './markup-page';
import { credential } from './session';

const api = guestApi(credential);

export const guestSettingsBusy = signal(false);
export const guestSettingsError = signal<unknown>(null);

/** Saves the change; true when the server took it. */
export async function saveGuestSettings(installationId: string, change: UpdateInstallationRequest): Promise<boolean> {
  guestSettingsBusy.value = true;
  guestSettingsError.value = null;
  try {
    const updated = await api.updateInstallation(installationId, change);
    const state = markupPage.peek();
    if (state.status === 'ready' && state.installations)
      markupPage.value = { ...state, installations: state.installations.map((i) => (i.id === updated.id ? { ...i, ...updated } : i)) };
    return true;
  } catch (error) {
    guestSettingsError.value = error;
    return false;
  } finally {
    guestSettingsBusy.value = false;
  }
}
