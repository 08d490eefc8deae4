/**
 * Hole 5 of issue 13: webhooks to private addresses (SSRF), at delivery. The delivery worker checks
 * a target again after resolution and connects only to the address it vetted, so a name that turns
 * private later (DNS rebinding), a registration stored before the rules, and a name that no longer
 * resolves all reach nothing. DNS is a fake, and nothing is ever sent beyond loopback.
 */
import { createServer, type Server, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryOne } from '../db/db.ts';
import type { Logger } from '../domain/logger.ts';
import { insertRegistration } from '../events/registrations.ts';
import { startReceiver, type Receiver } from '../testing/webhook-receiver.ts';
import { createDeliveryWorker } from '../events/worker.ts';
import { API, silentLogger, threadBody } from '../testing/support.ts';
import { webhookTargetsServer } from './webhook-targets-test-kit.ts';

const { dns, s, reviewer, reset, register } = await webhookTargetsServer();
afterAll(async () => {
  await s.close();
});
beforeEach(reset);

describe('delivery checks again, after resolution, and connects only to the vetted address', () => {
  let connections = 0;
  let tcp: Server;
  let port: number;
  let receiver: Receiver;
  beforeAll(async () => {
    // Counts TCP connections, so even a TLS handshake that never completes shows.
    tcp = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    port = (tcp.address() as AddressInfo).port;
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
  });
  beforeEach(() => {
    connections = 0;
    receiver.reset();
  });

  const comment = () => s.request('POST', `${API}/threads`, { token: reviewer.token, body: threadBody() });
  const lastAttempt = () =>
    queryOne<{ status: string; attempts: number; last_error: string | null }>(
      s.db,
      'SELECT status, attempts, last_error FROM webhook_deliveries',
    );
  function capture(): { log: Logger; lines: string[] } {
    const lines: string[] = [];
    return { lines, log: { error: (message) => void lines.push(message), info: () => undefined } };
  }

  it('a name that was public at registration and is loopback at delivery (DNS rebinding) reaches nothing', async () => {
    dns.set('rebind.attacker.example', ['93.184.215.14']);
    expect((await register(`https://rebind.attacker.example:${port}/hook`)).status).toBe(200);
    dns.set('rebind.attacker.example', ['127.0.0.1']);
    await comment();
    const { log, lines } = capture();
    const worker = createDeliveryWorker({
      db: s.db,
      clock: s.clock,
      log,
      lookup: dns.lookup,
      targets: { allowedPrivateHosts: [] },
      timeoutMs: 2000,
    });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(connections).toBe(0);
    // A failed attempt like any other (retried on the schedule), with the reason kept and logged.
    expect(await lastAttempt()).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/resolves to 127\.0\.0\.1, a loopback address/),
    });
    expect(lines.join('\n')).toMatch(/rebind\.attacker\.example.*refused.*127\.0\.0\.1, a loopback address/);

    // The control: where loopback is allowed, the same worker code does connect to the address it
    // resolved — so above, the refusal (not a failed lookup) is what kept the connection from happening.
    const allowing = createDeliveryWorker({
      db: s.db,
      clock: s.clock,
      log: silentLogger,
      lookup: dns.lookup,
      targets: { allowedPrivateHosts: ['127.0.0.0/8'] },
      timeoutMs: 2000,
    });
    s.clock.advance(60 * 60 * 1000);
    expect(await allowing.runOnce()).toBe(1);
    await allowing.stop();
    expect(connections).toBe(1);
  });

  it('a registration stored before the rules (a loopback URL) is refused at delivery', async () => {
    await s.db.transaction((tx) => insertRegistration(tx, s.seed.workspaceId, { url: receiver.url, enabled: true }, s.clock.now()));
    await comment();
    const { log, lines } = capture();
    const worker = createDeliveryWorker({
      db: s.db,
      clock: s.clock,
      log,
      lookup: dns.lookup,
      targets: { allowedPrivateHosts: [] },
      timeoutMs: 2000,
    });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(receiver.received).toEqual([]);
    expect((await lastAttempt())?.last_error).toMatch(/is 127\.0\.0\.1, a loopback address/);
    expect(lines).toHaveLength(1);
  });

  it('a name that no longer resolves fails the attempt without connecting', async () => {
    dns.set('gone.attacker.example', ['93.184.215.14']);
    expect((await register(`https://gone.attacker.example:${port}/hook`)).status).toBe(200);
    dns.set('gone.attacker.example', []);
    await comment();
    const worker = createDeliveryWorker({
      db: s.db,
      clock: s.clock,
      log: silentLogger,
      lookup: dns.lookup,
      targets: { allowedPrivateHosts: [] },
      timeoutMs: 2000,
    });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(connections).toBe(0);
    expect((await lastAttempt())?.last_error).toMatch(/could not resolve gone\.attacker\.example: .*ENOTFOUND/);
  });
});
