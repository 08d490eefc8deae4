/**
 * Hole 5 of issue 13: webhooks to private addresses (SSRF). Registrations accepted loopback,
 * private, link-local, unique-local, `0.0.0.0` and cloud-metadata addresses, and the delivery worker
 * POSTed to them: an API key was a way to make the server call into its own network. Now a target
 * is refused at registration (IP literals in every spelling URL parsing accepts, `localhost` names,
 * names that resolve to any refused address) and again at delivery after resolution, connecting
 * only to the address it vetted, so a name that turns private later (DNS rebinding) reaches nothing.
 * The server here plays production: no private host is allowed (`allowedPrivateHosts: []`). DNS
 * is a fake (this machine has no network), and nothing is ever sent beyond loopback.
 */
import { createServer, type Server, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryOne } from '../db/db.ts';
import type { Logger } from '../domain/logger.ts';
import { insertRegistration } from '../events/registrations.ts';
import { startReceiver, type Receiver } from '../testing/webhook-receiver.ts';
import { createDeliveryWorker } from '../events/worker.ts';
import { fakeDns } from '../testing/fake-dns.ts';
import { API, createTestServer, silentLogger, threadBody, type TestServer } from '../testing/support.ts';

const dns = fakeDns();
let s: TestServer;
let reviewer: { token: string };
/** Every test starts at this time, so the reviewer's token stays valid whatever a test did to the clock. */
let start: number;

beforeAll(async () => {
  s = await createTestServer({ config: { webhooks: { allowedPrivateHosts: [] } }, lookup: dns.lookup });
  start = s.clock.now();
  reviewer = await s.exchangeToken();
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  s.clock.set(start);
  await s.db.query('DELETE FROM webhook_deliveries');
  await s.db.query('DELETE FROM webhook_registrations');
});

const register = (url: string) =>
  s.request('POST', `${API}/webhook-registrations`, {
    token: s.seed.workspaceApiKey,
    body: { url, workspaceId: s.seed.workspaceId, enabled: true },
  });
const stored = async () => (await queryOne<{ n: number }>(s.db, 'SELECT count(*)::int AS n FROM webhook_registrations'))!.n;

async function expectRefused(url: string, why: RegExp): Promise<void> {
  const res = await register(url);
  expect(res.status, url).toBe(422);
  expect(res.body.error.code).toBe('validation_failed');
  expect(res.body.error.details, url).toEqual([{ path: 'url', message: expect.stringMatching(why) }]);
  expect(res.body.error.message).toMatch(/webhooks may only reach public addresses/);
  expect(await stored(), url).toBe(0);
}

describe('registration refuses private targets written as IP literals', () => {
  // Every spelling below is one the URL parser turns into a refused address.
  const cases: [string, RegExp][] = [
    ['http://127.0.0.1:8080/hook', /127\.0\.0\.1, a loopback address/],
    ['https://127.255.255.254/', /loopback/],
    ['https://2130706433/', /127\.0\.0\.1, a loopback/],
    ['https://0x7f.1/', /127\.0\.0\.1, a loopback/],
    ['https://0177.0.0.1/', /127\.0\.0\.1, a loopback/],
    ['https://127.1/', /127\.0\.0\.1, a loopback/],
    ['https://127.0.0.1./', /loopback/],
    ['https://%31%32%37.0.0.1/', /127\.0\.0\.1, a loopback/],
    ['https://\uff11\uff12\uff17.\uff10.\uff10.\uff11/', /127\.0\.0\.1, a loopback/],
    ['https://[::1]/', /::1, a loopback/],
    ['https://[0:0:0:0:0:0:0:1]/', /loopback/],
    ['https://[::ffff:127.0.0.1]/', /loopback/],
    ['https://[::ffff:7f00:1]/', /loopback/],
    ['https://0.0.0.0/', /unspecified/],
    ['https://0/', /unspecified/],
    ['https://[::]/', /unspecified/],
    ['https://10.0.0.5/', /10\.0\.0\.5, a private address/],
    ['https://172.16.0.1/', /private/],
    ['https://172.31.255.255/', /private/],
    ['https://192.168.1.1/', /private/],
    ['https://[::ffff:192.168.1.1]/', /private/],
    ['https://100.64.0.1/', /shared \(carrier-grade NAT\)/],
    ['https://169.254.169.254/latest/meta-data/', /169\.254\.169\.254, a cloud metadata address/],
    ['https://[fd00:ec2::254]/', /cloud metadata/],
    ['https://100.100.100.200/', /shared/],
    ['https://169.254.1.1/', /link-local/],
    ['https://[fe80::1]/', /link-local/],
    ['https://[fc00::1]/', /unique-local/],
    ['https://[fd12:3456::1]/', /unique-local/],
    ['https://224.0.0.1/', /multicast/],
    ['https://[ff02::1]/', /multicast/],
    ['https://255.255.255.255/', /broadcast/],
    ['https://240.0.0.1/', /reserved/],
    ['https://192.0.2.10/', /documentation/],
    ['https://198.18.0.1/', /benchmarking/],
    ['https://[64:ff9b::a00:5]/', /private/],
    ['https://[2002:a9fe:a9fe::]/', /cloud metadata/],
  ];
  it.each(cases)('%s', async (url, why) => {
    await expectRefused(url, why);
  });
});

describe('registration refuses names of this machine and names that resolve privately', () => {
  it.each([
    ['https://localhost/', /localhost/],
    ['http://localhost:8787/hook', /localhost/],
    ['https://LOCALHOST./', /localhost/],
    ['https://api.localhost/', /localhost/],
  ])('%s', async (url, why) => {
    await expectRefused(url, why);
  });

  it('refuses a name whose addresses include any refused one; the address itself is not told', async () => {
    dns.set('internal.attacker.example', ['10.0.0.5']);
    dns.set('metadata.attacker.example', ['169.254.169.254']);
    dns.set('mixed.attacker.example', ['93.184.215.14', '127.0.0.1']);
    dns.set('v6.attacker.example', ['::1']);
    dns.set('mapped.attacker.example', ['::ffff:192.168.0.1']);
    await expectRefused(
      'https://internal.attacker.example/hook',
      /^resolves to a private address; webhooks may only reach public addresses$/,
    );
    await expectRefused('https://metadata.attacker.example/', /resolves to a cloud metadata address/);
    await expectRefused('https://mixed.attacker.example/', /resolves to a loopback address/);
    await expectRefused('https://v6.attacker.example/', /resolves to a loopback address/);
    await expectRefused('https://mapped.attacker.example/', /resolves to a private address/);
    // Internal addresses stay unknown to the key holder (the operator's log has them at delivery).
    const res = await register('https://internal.attacker.example/hook');
    expect(res.text).not.toContain('10.0.0.5');
  });

  it('refuses an update to a private target and keeps the stored one', async () => {
    const created = await register('https://93.184.215.14/hook');
    expect(created.status).toBe(200);
    const update = await s.request('POST', `${API}/webhook-registrations/${created.body.data.id}`, {
      token: s.seed.workspaceApiKey,
      body: { url: 'https://[::ffff:169.254.169.254]/', enabled: true },
    });
    expect(update.status).toBe(422);
    expect(update.body.error.details).toEqual([{ path: 'url', message: expect.stringMatching(/cloud metadata/) }]);
    const read = await s.request('GET', `${API}/webhook-registrations/${created.body.data.id}`, { token: s.seed.workspaceApiKey });
    expect(read.body.data).toMatchObject({ url: 'https://93.184.215.14/hook', modifiedAt: created.body.data.modifiedAt });
  });

  it('still accepts public targets, and names it cannot resolve (delivery checks again)', async () => {
    dns.set('hooks.customer.example', ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
    for (const url of [
      'https://93.184.215.14/hook',
      'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook',
      'https://[64:ff9b::5db8:d70e]/hook',
      'https://hooks.customer.example/hook',
      'https://not-yet-in-dns.customer.example/hook',
    ]) {
      expect((await register(url)).status, url).toBe(200);
    }
  });
});

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

describe('the allow-list (development and self-hosted private receivers)', () => {
  let dev: TestServer;
  beforeAll(async () => {
    dev = await createTestServer({
      config: { webhooks: { allowedPrivateHosts: ['localhost', '127.0.0.0/8', '::1', 'hooks.internal', '192.168.10.0/24'] } },
      lookup: dns.lookup,
    });
  });
  afterAll(async () => {
    await dev.close();
  });
  const registerOn = (url: string) =>
    dev.request('POST', `${API}/webhook-registrations`, {
      token: dev.seed.workspaceApiKey,
      body: { url, workspaceId: dev.seed.workspaceId, enabled: true },
    });

  it('lets listed hosts, names (and names under them) and ranges through, and nothing else', async () => {
    dns.set('hooks.internal', ['10.1.2.3']);
    dns.set('eu.hooks.internal', ['10.1.2.4']);
    dns.set('other.internal', ['10.1.2.5']);
    dns.set('lan.example', ['192.168.10.20']);
    for (const url of [
      'http://127.0.0.1:9/h',
      'http://localhost:3000/h',
      'http://api.localhost/h',
      'http://[::1]:8080/',
      'https://hooks.internal/h',
      'https://eu.hooks.internal/h',
      'https://192.168.10.7/h',
      'https://lan.example/h',
    ]) {
      expect((await registerOn(url)).status, url).toBe(200);
    }
    for (const url of [
      'https://10.0.0.5/h',
      'https://192.168.11.7/h',
      'https://other.internal/h',
      'https://169.254.169.254/',
      'https://[::ffff:10.0.0.5]/',
    ]) {
      expect((await registerOn(url)).status, url).toBe(422);
    }
  });
});
