/**
 * The review app's guest endpoints (issue 18, server/routes/guests.ts and PATCH /installations/:id):
 * an installation's guest settings, a guest's details and blocking them. On the widget's client like
 * mail-api.ts.
 */
import { createApiClient, type ApiCredential } from '../../src/api';
import type { GuestResponse, InstallationSummary, UpdateInstallationRequest } from '../../src/api/wire';

export function guestApi(credential: ApiCredential, apiBase = location.origin) {
  const { request } = createApiClient({ apiBase, credential });
  const id = encodeURIComponent;
  return {
    updateInstallation: (installationId: string, body: UpdateInstallationRequest) =>
      request<InstallationSummary>('PATCH', `/installations/${id(installationId)}`, { body }),
    guest: (userId: string) => request<GuestResponse>('GET', `/guests/${id(userId)}`),
    block: (userId: string) => request<GuestResponse>('POST', `/guests/${id(userId)}/block`),
    unblock: (userId: string) => request<GuestResponse>('DELETE', `/guests/${id(userId)}/block`),
  };
}
