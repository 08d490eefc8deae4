import { describe, expect, it } from 'vitest';
import { browserContext, parseUserAgent } from './browser-context';

const table: [label: string, ua: string, expected: ReturnType<typeof parseUserAgent>][] = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36',
    { browserName: 'Chrome', browserVersion: '126.0.6478.127', os: 'Windows', osVersion: '10', osVersionName: 'Windows 10', platform: 'desktop' },
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
    { browserName: 'Edge', browserVersion: '126.0.2592.87', os: 'Windows', osVersion: '10', osVersionName: 'Windows 10', platform: 'desktop' },
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    { browserName: 'Firefox', browserVersion: '127.0', os: 'Linux', osVersion: '', osVersionName: 'Linux', platform: 'desktop' },
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    { browserName: 'Safari', browserVersion: '17.5', os: 'macOS', osVersion: '10.15.7', osVersionName: 'macOS Catalina', platform: 'desktop' },
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    { browserName: 'Safari', browserVersion: '17.5', os: 'iOS', osVersion: '17.5.1', osVersionName: 'iOS 17', platform: 'mobile' },
  ],
  [
    'Chrome on iPad',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    { browserName: 'Chrome', browserVersion: '126.0.6478.54', os: 'iOS', osVersion: '16.6', osVersionName: 'iOS 16', platform: 'tablet' },
  ],
  [
    'Chrome on Android phone',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
    { browserName: 'Chrome', browserVersion: '126.0.6478.71', os: 'Android', osVersion: '14', osVersionName: 'Android 14', platform: 'mobile' },
  ],
  [
    'Samsung Internet on Android tablet',
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
    { browserName: 'Samsung Internet', browserVersion: '25.0', os: 'Android', osVersion: '13', osVersionName: 'Android 13', platform: 'tablet' },
  ],
  [
    'Opera on Windows 7',
    'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36 OPR/95.0.0.0',
    { browserName: 'Opera', browserVersion: '95.0.0.0', os: 'Windows', osVersion: '7', osVersionName: 'Windows 7', platform: 'desktop' },
  ],
  [
    'Firefox on iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
    { browserName: 'Firefox', browserVersion: '127.0', os: 'iOS', osVersion: '17.5', osVersionName: 'iOS 17', platform: 'mobile' },
  ],
  [
    'Chrome on ChromeOS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { browserName: 'Chrome', browserVersion: '126.0.0.0', os: 'ChromeOS', osVersion: '14541.0.0', osVersionName: 'ChromeOS', platform: 'desktop' },
  ],
  [
    'Headless Chrome',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    { browserName: 'Chrome', browserVersion: '131.0.0.0', os: 'Linux', osVersion: '', osVersionName: 'Linux', platform: 'desktop' },
  ],
  ['Empty', '', { browserName: 'Unknown', browserVersion: '', os: 'Unknown', osVersion: '', osVersionName: '', platform: 'desktop' }],
];

describe('parseUserAgent', () => {
  it.each(table)('%s', (_label, ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
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
