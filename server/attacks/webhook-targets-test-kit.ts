/**
 * Shared by the webhook-target attack tests (webhook-targets.test.ts, webhook-delivery-targets.test.ts,
 * hole 5 of issue 13): a server that plays production (no private host allowed) on a fake DNS, a
 * reviewer's token, a reset to run before each test, and a registration request as a key holder makes one.
 */
import { fakeDns } from '../testing/fake-dns.ts';
import { API, createTestServer } from '../testing/support.ts';

/** The fake DNS, the server and its helpers every webhook-target test file starts from (call once, at the top). */
export async function webhookTargetsServer() {
  const dns = fakeDns();
  const s = await createTestServer({ config: { webhooks: { allowedPrivateHosts: [] } }, lookup: dns.lookup });
  /** Every test starts at this time, so the reviewer's token stays valid whatever a test did to the clock. */
  const start = s.clock.now();
  const reviewer: { token: string } = await s.exchangeToken();

  /** For `beforeEach`: back to the start time, with no registration and no delivery. */
  async function reset() {
    s.clock.set(start);
    await s.db.query('DELETE FROM webhook_deliveries');
    await s.db.query('DELETE FROM webhook_registrations');
  }

  const register = (url: string) =>
    s.request('POST', `${API}/webhook-registrations`, {
      token: s.seed.workspaceApiKey,
      body: { url, workspaceId: s.seed.workspaceId, enabled: true },
    });

  return { dns, s, reviewer, reset, register };
}
