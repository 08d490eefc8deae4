/**
 * The delivery worker against a real HTTP receiver: Standard Webhooks headers that the
 * `standardwebhooks` verifier accepts with the registration's key (and only the current one after
 * a rotation), nothing for disabled registrations, retries on the documented backoff (driven by the
 * test clock, never by sleeping), giving up after 24 h, and re-delivery after a lease runs out.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { queryOne } from '../db/db.ts';
import { API, createTestServer, silentLogger, threadBody, type TestServer } from '../testing/support.ts';
import { startReceiver, type Receiver } from '../testing/webhook-receiver.ts';
import { createDeliveryWorker, type DeliveryWorker } from './worker.ts';
import { GIVE_UP_AFTER_MS, retryDelay } from './schedule.ts';
import { DEFAULT_DEV_WEBHOOK_HOSTS } from '../domain/config.ts';

/** The development allow-list: the receiver listens on 127.0.0.1. */
const targets = { allowedPrivateHosts: DEFAULT_DEV_WEBHOOK_HOSTS };

let s: TestServer;
let receiver: Receiver;
let worker: DeliveryWorker;
let reviewer: { token: string; userId: string };
/** Every test starts here, so credentials minted at the start stay valid whatever a test did to the clock. */
let start: number;

beforeAll(async () => {
  s = await createTestServer();
  start = s.clock.now();
  receiver = await startReceiver();
  reviewer = await s.exchangeToken();
});
afterAll(async () => {
  await receiver.close();
  await s.close();
});
beforeEach(async () => {
  await s.db.query('DELETE FROM webhook_deliveries');
  await s.db.query('DELETE FROM webhook_registrations');
  s.clock.set(start);
  receiver.reset();
  // No jitter: the schedule is exact. Date.now() follows the test clock for the verifier's 5-minute window.
  worker = createDeliveryWorker({
    db: s.db,
    clock: s.clock,
    log: silentLogger,
    targets,
    random: () => 0,
    timeoutMs: 2000,
    leaseMs: 60_000,
  });
  vi.spyOn(Date, 'now').mockImplementation(() => s.clock.now());
});
afterEach(async () => {
  vi.restoreAllMocks();
  await worker.stop();
});

async function register(overrides: object = {}): Promise<{ id: string; signingKey: string }> {
  const res = await s.request('POST', `${API}/webhook-registrations`, {
    token: s.seed.workspaceApiKey,
    body: { url: receiver.url, workspaceId: s.seed.workspaceId, enabled: true, ...overrides },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}
const comment = async () => (await s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() })).body.data;
const delivery = () =>
  queryOne<{ status: string; attempts: number; next_attempt_at: Date; last_status: number | null; lease_id: string | null }>(
    s.db,
    'SELECT status, attempts, next_attempt_at, last_status, lease_id FROM webhook_deliveries',
  );

describe('signing', () => {
  it('delivers with Standard Webhooks headers that verify with the registration key', async () => {
    const reg = await register();
    const thread = await comment();
    expect(await worker.drain()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-timestamp']).toBe(String(Math.floor(s.clock.now() / 1000)));
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const event = new Webhook(reg.signingKey).verify(got.body, receiver.headersOf(got)) as {
      id: string;
      type: string;
      data: { thread: { id: string } };
    };
    expect(event).toMatchObject({ id: got.id, type: 'comment_created', data: { thread: { id: thread.id } } });
    expect(await delivery()).toMatchObject({ status: 'delivered', attempts: 1, last_status: 200, lease_id: null });
    // A tampered body does not verify.
    expect(() =>
      new Webhook(reg.signingKey).verify(got.body.replace('comment_created', 'comment_updated'), receiver.headersOf(got)),
    ).toThrow();
  });

  it('signs with the new key after refresh-signing-key: the old one fails, the new one passes', async () => {
    const reg = await register();
    await comment();
    const rotated = (
      await s.request('POST', `${API}/webhook-registrations/${reg.id}/refresh-signing-key`, { token: s.seed.workspaceApiKey })
    ).body.data;
    await worker.drain();
    const got = receiver.received[0]!;
    expect(() => new Webhook(reg.signingKey).verify(got.body, receiver.headersOf(got))).toThrow(/signature/i);
    expect(() => new Webhook(rotated.signingKey).verify(got.body, receiver.headersOf(got))).not.toThrow();
  });
});

describe('disabled registrations', () => {
  it('receive nothing: not recorded while disabled, dropped when disabled later', async () => {
    const reg = await register({ enabled: false });
    await comment();
    expect(await worker.drain()).toBe(0);
    await s.request('POST', `${API}/webhook-registrations/${reg.id}`, {
      token: s.seed.workspaceApiKey,
      body: { url: receiver.url, enabled: true },
    });
    await comment();
    await s.request('POST', `${API}/webhook-registrations/${reg.id}`, {
      token: s.seed.workspaceApiKey,
      body: { url: receiver.url, enabled: false },
    });
    expect(await worker.drain()).toBe(0);
    expect(receiver.received).toEqual([]);
    expect((await delivery())?.status).toBe('cancelled');
  });

  it('a row written just as its registration was disabled is cancelled by the worker', async () => {
    const reg = await register();
    await comment();
    // As if the disabling transaction had not seen the row yet.
    await s.db.query('UPDATE webhook_registrations SET enabled = false WHERE id = $1', [reg.id]);
    expect(await worker.drain()).toBe(0);
    expect((await delivery())?.status).toBe('cancelled');
    expect(receiver.received).toEqual([]);
  });

  it('deleting a registration cancels what waits for it', async () => {
    const reg = await register();
    await comment();
    await s.request('DELETE', `${API}/webhook-registrations/${reg.id}`, { token: s.seed.workspaceApiKey });
    expect(await worker.drain()).toBe(0);
    expect((await delivery())?.status).toBe('cancelled');
  });
});

describe('retries', () => {
  it('backs off after a 500 (5 s, then 10 s) and succeeds with the same id and body', async () => {
    await register();
    await comment();
    receiver.respondWith(500, 503);
    expect(await worker.runOnce()).toBe(1);
    expect(await delivery()).toMatchObject({ status: 'pending', attempts: 1, last_status: 500 });
    expect((await delivery())!.next_attempt_at.getTime()).toBe(s.clock.now() + 5000);
    expect(await worker.runOnce()).toBe(0);
    s.clock.advance(4999);
    expect(await worker.runOnce()).toBe(0);
    s.clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
    expect((await delivery())!.next_attempt_at.getTime()).toBe(s.clock.now() + 10_000);
    s.clock.advance(10_000);
    expect(await worker.runOnce()).toBe(1);
    expect(await delivery()).toMatchObject({ status: 'delivered', attempts: 3, last_status: 200 });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    // Each attempt is signed for its own time.
    expect(receiver.received[2]!.headers['webhook-timestamp']).not.toBe(receiver.received[0]!.headers['webhook-timestamp']);
  });

  it('treats network errors and redirects as failures', async () => {
    await register({ url: 'http://127.0.0.1:9/nothing-listens-here' });
    await comment();
    expect(await worker.runOnce()).toBe(1);
    expect(await delivery()).toMatchObject({ status: 'pending', attempts: 1, last_status: null });
    await s.db.query('DELETE FROM webhook_deliveries');
    await s.db.query('DELETE FROM webhook_registrations');
    await register();
    await comment();
    receiver.respondWith(302);
    await worker.runOnce();
    expect(await delivery()).toMatchObject({ status: 'pending', last_status: 302 });
  });

  it('gives up once the next attempt would be more than 24 h after the event', async () => {
    await register();
    await comment();
    const start = s.clock.now();
    receiver.respondWith(...Array<number>(100).fill(500));
    let attempts = 0;
    while ((await delivery())!.status === 'pending') {
      s.clock.set((await delivery())!.next_attempt_at.getTime());
      attempts += await worker.runOnce();
    }
    expect((await delivery())!.status).toBe('failed');
    expect(s.clock.now() - start).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(s.clock.now() + retryDelay(attempts, () => 0) - start).toBeGreaterThan(GIVE_UP_AFTER_MS);
    expect(attempts).toBeGreaterThan(20);
  });

  it('a timed-out request is retried', async () => {
    await register();
    await comment();
    receiver.delay(3000);
    const quick = createDeliveryWorker({ db: s.db, clock: s.clock, log: silentLogger, targets, random: () => 0, timeoutMs: 100 });
    expect(await quick.runOnce()).toBe(1);
    expect(await delivery()).toMatchObject({ status: 'pending', attempts: 1, last_status: null });
    // The request did arrive (the receiver was just too slow), so the retry is a repeat it can drop by webhook-id.
    await receiver.waitFor(1);
    await quick.stop();
  });
});

describe('leases', () => {
  it("re-delivers a crashed worker's rows once its lease ran out, with the same webhook-id", async () => {
    await register();
    await comment();
    // The first worker claims and then hangs forever (a process that died mid-request).
    const hung = createDeliveryWorker({
      db: s.db,
      clock: s.clock,
      log: silentLogger,
      targets,
      leaseMs: 60_000,
      post: ({ signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    const claimed = hung.runOnce();
    await vi.waitFor(async () => expect((await delivery())?.lease_id).not.toBeNull(), { timeout: 10_000 });
    expect(await worker.runOnce()).toBe(0);
    s.clock.advance(59_999);
    expect(await worker.runOnce()).toBe(0);
    s.clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
    expect(await delivery()).toMatchObject({ status: 'delivered', attempts: 2 });
    // The hung worker's late end changes nothing.
    await hung.stop();
    await claimed;
    expect(await delivery()).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.id).toBe(
      (await queryOne<{ event_id: string }>(s.db, 'SELECT event_id FROM webhook_deliveries'))!.event_id,
    );
  });

  it('stop() hands rows in flight back at once', async () => {
    await register();
    await comment();
    receiver.delay(5000);
    const running = worker.runOnce();
    await receiver.waitFor(1);
    await worker.stop();
    await running;
    expect(await delivery()).toMatchObject({ status: 'pending', lease_id: null });
    expect((await delivery())!.next_attempt_at.getTime()).toBe(s.clock.now());
  });
});
