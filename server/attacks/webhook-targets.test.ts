/**
 * Hole 5 of issue 13: webhooks to private addresses (SSRF), at registration. Registrations accepted
 * loopback, private, link-local, unique-local, `0.0.0.0` and cloud-metadata addresses: an API key
 * was a way to make the server call into its own network. Now a target is refused at registration
 * (IP literals in every spelling URL parsing accepts, `localhost` names, names that resolve to any
 * refused address), unless an operator's allow-list names it. The server here plays production:
 * no private host is allowed (`allowedPrivateHosts: []`). DNS is a fake (this machine has no
 * network). The check again at delivery is in webhook-delivery-targets.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryOne } from '../db/db.ts';
import { API, createTestServer, type TestServer } from '../testing/support.ts';
import { webhookTargetsServer } from './webhook-targets-test-kit.ts';

const { dns, s, reset, register } = await webhookTargetsServer();
afterAll(async () => {
  await s.close();
});
beforeEach(reset);

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
