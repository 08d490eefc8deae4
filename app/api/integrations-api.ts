/**
 * The review app's integration endpoints (issue 18, server/routes/integrations.ts): list, connect,
 * change, disconnect, test and retry. On the widget's client like mail-api.ts, in a file of its own
 * so the Integrations page's lazy chunk carries it.
 */
import { createApiClient, type ApiCredential } from '../../src/api';
import type { IntegrationKindName, IntegrationSummary, IntegrationTestResult } from '../../server/integrations/wire';

export type { IntegrationKindName, IntegrationSummary, IntegrationTestResult };

export interface NewIntegration {
  kind: IntegrationKindName;
  name?: string;
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

export interface IntegrationChange {
  name?: string;
  enabled?: boolean;
  settings?: Record<string, string>;
  secrets?: Record<string, string>;
}

export function integrationsApi(credential: ApiCredential, apiBase = location.origin) {
  const { request } = createApiClient({ apiBase, credential });
  const one = (id: string) => `/integrations/${encodeURIComponent(id)}`;
  return {
    list: () => request<{ integrations: IntegrationSummary[] }>('GET', '/integrations'),
    create: (body: NewIntegration) => request<IntegrationSummary>('POST', '/integrations', { body }),
    update: (id: string, body: IntegrationChange) => request<IntegrationSummary>('PATCH', one(id), { body }),
    remove: (id: string) => request<void>('DELETE', one(id)),
    test: (id: string) => request<IntegrationTestResult>('POST', `${one(id)}/test`),
    retry: (id: string) => request<IntegrationSummary>('POST', `${one(id)}/retry`),
  };
}
