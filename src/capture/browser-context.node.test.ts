/**
 * parseUserAgent against a table of real user agents (user-agents-*.fixture.ts) and the synchronous
 * browserContext read from a window. The Client Hints path is in browser-context-hints.node.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { browserContext, parseUserAgent } from './browser-context';
import { desktopUserAgents } from './user-agents-desktop.fixture';
import { mobileUserAgents } from './user-agents-mobile.fixture';

const table = [...desktopUserAgents, ...mobileUserAgents];

describe('parseUserAgent', () => {
  it(`knows ${table.length} real user agents`, () => expect(table.length).toBeGreaterThanOrEqual(25));

  it.each(table)('%s', (_label, ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  const macSafari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

  it('reads a Mac UA with touch points as iPadOS 13+ (a tablet; Safari tracks the system version)', () => {
    expect(parseUserAgent(macSafari, 5)).toEqual({
      browserName: 'Safari',
      browserVersion: '17.5',
      os: 'iOS',
      osVersion: '17.5',
      osVersionName: 'iOS 17',
      platform: 'tablet',
    });
  });

  it('keeps a Mac without touch points (or with one, a Mac with a touch-capable pointer) a Mac', () => {
    expect(parseUserAgent(macSafari, 0).os).toBe('macOS');
    expect(parseUserAgent(macSafari, 1).os).toBe('macOS');
  });
});

describe('browserContext', () => {
  it('fills every BrowserContextRequest field from a window', () => {
    const ua = table[0]![1];
    const fakeWindow = {
      navigator: { userAgent: ua },
      screen: { width: 1920, height: 1080 },
      innerWidth: 1280,
      innerHeight: 720,
      devicePixelRatio: 2,
    } as unknown as Window;
    expect(browserContext(fakeWindow)).toEqual({
      browserName: 'Chrome',
      browserVersion: '126.0.6478.127',
      os: 'Windows',
      osVersion: '10',
      osVersionName: 'Windows 10',
      platform: 'desktop',
      screenWidth: 1920,
      screenHeight: 1080,
      viewportWidth: 1280,
      viewportHeight: 720,
      devicePixelRatio: 2,
      userAgent: ua,
    });
  });

  it('caps strings at 200 characters', () => {
    const fakeWindow = {
      navigator: { userAgent: 'x'.repeat(500) },
      screen: { width: 1, height: 1 },
      innerWidth: 1,
      innerHeight: 1,
      devicePixelRatio: 1,
    } as unknown as Window;
    expect(browserContext(fakeWindow).userAgent).toHaveLength(200);
  });
});
