/**
 * The address rules as pure functions: every spelling of an IP address parses to the same number,
 * each refused range is refused with its kind (and its neighbours just outside are not), IPv4
 * hidden in IPv6 is judged as IPv4, and the allow-list matches names, addresses and ranges.
 */
import { describe, expect, it } from 'vitest';
import { allowsAddress, allowsName, describeIp, isLocalhostName, parseAllowList, refusedKind } from './address-rules.ts';
import { formatIp, parseCidr, parseIp, type Ip } from './ip.ts';

const ip = (text: string): Ip => {
  const parsed = parseIp(text);
  if (!parsed) throw new Error(`not an IP: ${text}`);
  return parsed;
};
const kindOf = (text: string) => refusedKind(ip(text));

describe('parseIp and formatIp', () => {
  it('reads every IPv6 spelling of one address as one number', () => {
    const loopback = ip('::1').value;
    for (const text of ['0:0:0:0:0:0:0:1', '0000:0000:0000:0000:0000:0000:0000:0001', '[::1]', '::0:1', '0::1'])
      expect(ip(text).value, text).toBe(loopback);
    expect(ip('::ffff:127.0.0.1').value).toBe(ip('::ffff:7f00:1').value);
    expect(ip('fe80::1%eth0')).toEqual(ip('fe80::1'));
  });

  it('formats as RFC 5952 and dotted quads', () => {
    expect(formatIp(ip('2001:0db8:0000:0000:0000:0000:0002:0001'))).toBe('2001:db8::2:1');
    expect(formatIp(ip('::'))).toBe('::');
    expect(formatIp(ip('1:0:0:2:0:0:0:3'))).toBe('1:0:0:2::3');
    expect(formatIp(ip('1:2:3:4:5:6:7:8'))).toBe('1:2:3:4:5:6:7:8');
    expect(formatIp(ip('10.0.0.5'))).toBe('10.0.0.5');
  });

  it('is null for names and for forms only URL parsing accepts', () => {
    for (const text of ['localhost', 'example.com', '127.1', '2130706433', '0x7f.0.0.1', '1.2.3.4.5', '', ':::1', '1::2::3'])
      expect(parseIp(text), text).toBeNull();
  });

  it('parses CIDR ranges and refuses bad ones', () => {
    expect(parseCidr('10.1.2.3/8')).toEqual({ version: 4, base: ip('10.0.0.0').value, bits: 8 });
    expect(parseCidr('::1')).toEqual({ version: 6, base: 1n, bits: 128 });
    for (const text of ['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/8', 'host/8', '10.0.0.0/-1'])
      expect(parseCidr(text), text).toBeNull();
  });
});

describe('refusedKind', () => {
  it.each([
    ['0.0.0.0', 'an unspecified address'],
    ['0.255.255.255', 'an unspecified address'],
    ['10.0.0.5', 'a private address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['100.127.255.255', 'a shared (carrier-grade NAT) address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.255', 'a loopback address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['169.254.0.1', 'a link-local address'],
    ['172.16.0.0', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.0.0.192', 'an IETF protocol address'],
    ['192.0.2.1', 'a documentation address'],
    ['192.168.0.1', 'a private address'],
    ['198.18.0.1', 'a benchmarking address'],
    ['198.19.255.255', 'a benchmarking address'],
    ['198.51.100.7', 'a documentation address'],
    ['203.0.113.9', 'a documentation address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['240.0.0.1', 'a reserved address'],
    ['255.255.255.255', 'a broadcast address'],
    ['::', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['fc00::1', 'a unique-local address'],
    ['fdff:ffff::1', 'a unique-local address'],
    ['fe80::1', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['fec0::1', 'a site-local address'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a documentation address'],
    ['3fff::1', 'a documentation address'],
    ['2001::1', 'an IETF protocol address'],
    ['100::1', 'a reserved address'],
    ['64:ff9b:1::1', 'a reserved address'],
    ['::127.0.0.1', 'a reserved address'],
    ['::ffff:0:7f00:1', 'a reserved address'],
    // IPv4 inside IPv6 is judged as IPv4.
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:a9fe:a9fe', 'a cloud metadata address'],
    ['::ffff:0.0.0.0', 'an unspecified address'],
    ['64:ff9b::10.0.0.5', 'a private address'],
    ['64:ff9b::a00:5', 'a private address'],
    ['2002:c0a8:0101::1', 'a private address'],
    ['2002:7f00:1::', 'a loopback address'],
  ])('%s is %s', (text, kind) => {
    expect(kindOf(text)).toBe(kind);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '93.184.215.14',
    '2606:4700:4700::1111',
    '2a00:1450:4001:800::200e',
    '2001:200::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (text) => {
    expect(kindOf(text)).toBeNull();
  });

  it('describes IPv4 inside IPv6 with both', () => {
    expect(describeIp(ip('::ffff:7f00:1'))).toBe('::ffff:7f00:1 (127.0.0.1)');
    expect(describeIp(ip('10.0.0.5'))).toBe('10.0.0.5');
  });
});

describe('localhost names', () => {
  it('are localhost and every name under it, in any case, with or without the final dot', () => {
    for (const name of ['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', 'a.b.localhost..'])
      expect(isLocalhostName(name), name).toBe(true);
    for (const name of ['localhost.example', 'notlocalhost', 'localhostx', 'example.com']) expect(isLocalhostName(name), name).toBe(false);
  });
});

describe('the allow-list', () => {
  const list = parseAllowList([
    'localhost',
    '127.0.0.0/8',
    '::1',
    '*.hooks.internal',
    '.lan',
    'Receiver.Example.',
    '10.1.2.3',
    'fd00:1::/32',
  ]);

  it('matches names, the names under them, and only names under a *. or . entry', () => {
    for (const name of [
      'localhost',
      'api.localhost',
      'a.hooks.internal',
      'x.y.hooks.internal',
      'box.lan',
      'receiver.example',
      'RECEIVER.EXAMPLE.',
      'eu.receiver.example',
    ]) {
      expect(allowsName(list, name), name).toBe(true);
    }
    for (const name of ['hooks.internal', 'lan', 'other.internal', 'receiver.example.com', 'xreceiver.example', 'localhost.evil.example']) {
      expect(allowsName(list, name), name).toBe(false);
    }
  });

  it('matches addresses and ranges, also as IPv4 inside IPv6', () => {
    for (const text of ['127.0.0.1', '127.9.9.9', '::1', '10.1.2.3', '::ffff:10.1.2.3', '::ffff:127.0.0.1', 'fd00:1::5'])
      expect(allowsAddress(list, ip(text)), text).toBe(true);
    for (const text of ['10.1.2.4', '::2', 'fd00:2::5', '169.254.169.254']) expect(allowsAddress(list, ip(text)), text).toBe(false);
  });

  it('refuses an entry it cannot read, naming the variable', () => {
    for (const entry of ['10.0.0.0/33', 'http://hooks.internal', 'hooks internal', 'hooks.internal/8', '*', '']) {
      expect(() => parseAllowList([entry]), entry).toThrow(
        /^PINMARK_WEBHOOK_ALLOWED_HOSTS: ".*" is not a host name, an IP address or a CIDR range/,
      );
    }
    expect(parseAllowList([])).toEqual({ names: [], ranges: [] });
  });
});
