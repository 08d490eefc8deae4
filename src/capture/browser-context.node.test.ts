import { describe, expect, it, vi } from 'vitest';
import { browserContext, browserContextAsync, parseUserAgent } from './browser-context';

type Parsed = ReturnType<typeof parseUserAgent>;

const table: [label: string, ua: string, expected: Parsed][] = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36',
    {
      browserName: 'Chrome',
      browserVersion: '126.0.6478.127',
      os: 'Windows',
      osVersion: '10',
      osVersionName: 'Windows 10',
      platform: 'desktop',
    },
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
    {
      browserName: 'Edge',
      browserVersion: '126.0.2592.87',
      os: 'Windows',
      osVersion: '10',
      osVersionName: 'Windows 10',
      platform: 'desktop',
    },
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    { browserName: 'Firefox', browserVersion: '127.0', os: 'Linux', osVersion: '', osVersionName: 'Linux', platform: 'desktop' },
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    // Was "10.15.7 / macOS Catalina": Safari (and Chrome) freeze every Mac's UA at 10_15_7 since macOS 11,
    // so the UA alone cannot tell Catalina from Sonoma; only Client Hints (or an older UA) give a version.
    { browserName: 'Safari', browserVersion: '17.5', os: 'macOS', osVersion: '', osVersionName: 'macOS', platform: 'desktop' },
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
    {
      browserName: 'Chrome',
      browserVersion: '126.0.6478.71',
      os: 'Android',
      osVersion: '14',
      osVersionName: 'Android 14',
      platform: 'mobile',
    },
  ],
  [
    'Samsung Internet on Android tablet',
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
    {
      browserName: 'Samsung Internet',
      browserVersion: '25.0',
      os: 'Android',
      osVersion: '13',
      osVersionName: 'Android 13',
      platform: 'tablet',
    },
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
    {
      browserName: 'Chrome',
      browserVersion: '126.0.0.0',
      os: 'ChromeOS',
      osVersion: '14541.0.0',
      osVersionName: 'ChromeOS',
      platform: 'desktop',
    },
  ],
  [
    'Headless Chrome',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    { browserName: 'Chrome', browserVersion: '131.0.0.0', os: 'Linux', osVersion: '', osVersionName: 'Linux', platform: 'desktop' },
  ],
  ['Empty', '', { browserName: 'Unknown', browserVersion: '', os: 'Unknown', osVersion: '', osVersionName: '', platform: 'desktop' }],
  [
    'Firefox on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    { browserName: 'Firefox', browserVersion: '128.0', os: 'Windows', osVersion: '10', osVersionName: 'Windows 10', platform: 'desktop' },
  ],
  [
    'Firefox on macOS (frozen at 10.15)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0',
    { browserName: 'Firefox', browserVersion: '128.0', os: 'macOS', osVersion: '', osVersionName: 'macOS', platform: 'desktop' },
  ],
  [
    'Chrome on macOS (frozen at 10_15_7)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { browserName: 'Chrome', browserVersion: '126.0.0.0', os: 'macOS', osVersion: '', osVersionName: 'macOS', platform: 'desktop' },
  ],
  [
    'Safari on Mojave (older than the freeze: real)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Safari/605.1.15',
    {
      browserName: 'Safari',
      browserVersion: '14.1.2',
      os: 'macOS',
      osVersion: '10.14.6',
      osVersionName: 'macOS Mojave',
      platform: 'desktop',
    },
  ],
  [
    'Safari on Catalina 10.15.6 (real)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0.3 Safari/605.1.15',
    {
      browserName: 'Safari',
      browserVersion: '14.0.3',
      os: 'macOS',
      osVersion: '10.15.6',
      osVersionName: 'macOS Catalina',
      platform: 'desktop',
    },
  ],
  [
    'Chrome 89 on Big Sur (before the freeze)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 11_2_3) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.90 Safari/537.36',
    {
      browserName: 'Chrome',
      browserVersion: '89.0.4389.90',
      os: 'macOS',
      osVersion: '11.2.3',
      osVersionName: 'macOS Big Sur',
      platform: 'desktop',
    },
  ],
  [
    'Opera on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/112.0.0.0',
    { browserName: 'Opera', browserVersion: '112.0.0.0', os: 'macOS', osVersion: '', osVersionName: 'macOS', platform: 'desktop' },
  ],
  [
    'Chrome on Windows 8.1',
    'Mozilla/5.0 (Windows NT 6.3; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36',
    {
      browserName: 'Chrome',
      browserVersion: '109.0.0.0',
      os: 'Windows',
      osVersion: '8.1',
      osVersionName: 'Windows 8.1',
      platform: 'desktop',
    },
  ],
  [
    'Legacy Edge (EdgeHTML)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045',
    { browserName: 'Edge', browserVersion: '18.19045', os: 'Windows', osVersion: '10', osVersionName: 'Windows 10', platform: 'desktop' },
  ],
  [
    'Yandex on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 YaBrowser/24.6.0.0 Safari/537.36',
    { browserName: 'Yandex', browserVersion: '24.6.0.0', os: 'Windows', osVersion: '10', osVersionName: 'Windows 10', platform: 'desktop' },
  ],
  [
    'Yandex on Android',
    'Mozilla/5.0 (Linux; arm_64; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 YaBrowser/24.4.5.98.00 SA/3 Mobile Safari/537.36',
    {
      browserName: 'Yandex',
      browserVersion: '24.4.5.98.00',
      os: 'Android',
      osVersion: '13',
      osVersionName: 'Android 13',
      platform: 'mobile',
    },
  ],
  [
    'Chrome on Android (reduced UA)',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    { browserName: 'Chrome', browserVersion: '126.0.0.0', os: 'Android', osVersion: '10', osVersionName: 'Android 10', platform: 'mobile' },
  ],
  [
    'Chrome on an Android tablet (no "Mobile")',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { browserName: 'Chrome', browserVersion: '126.0.0.0', os: 'Android', osVersion: '10', osVersionName: 'Android 10', platform: 'tablet' },
  ],
  [
    'Edge on Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.80',
    {
      browserName: 'Edge',
      browserVersion: '126.0.2592.80',
      os: 'Android',
      osVersion: '10',
      osVersionName: 'Android 10',
      platform: 'mobile',
    },
  ],
  [
    'Edge on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/126.2592.86 Mobile/15E148 Safari/605.1.15',
    { browserName: 'Edge', browserVersion: '126.2592.86', os: 'iOS', osVersion: '17.5', osVersionName: 'iOS 17', platform: 'mobile' },
  ],
  [
    'Opera on Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 OPR/83.0.0.0',
    { browserName: 'Opera', browserVersion: '83.0.0.0', os: 'Android', osVersion: '10', osVersionName: 'Android 10', platform: 'mobile' },
  ],
  [
    'Samsung Internet on a phone',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    {
      browserName: 'Samsung Internet',
      browserVersion: '25.0',
      os: 'Android',
      osVersion: '14',
      osVersionName: 'Android 14',
      platform: 'mobile',
    },
  ],
  [
    'Firefox on Android',
    'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
    { browserName: 'Firefox', browserVersion: '128.0', os: 'Android', osVersion: '14', osVersionName: 'Android 14', platform: 'mobile' },
  ],
  [
    'Firefox on an Android tablet',
    'Mozilla/5.0 (Android 13; Tablet; rv:128.0) Gecko/128.0 Firefox/128.0',
    { browserName: 'Firefox', browserVersion: '128.0', os: 'Android', osVersion: '13', osVersionName: 'Android 13', platform: 'tablet' },
  ],
  [
    'Android WebView',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240605.024; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36',
    {
      browserName: 'Android WebView',
      browserVersion: '126.0.6478.71',
      os: 'Android',
      osVersion: '14',
      osVersionName: 'Android 14',
      platform: 'mobile',
    },
  ],
  [
    'Chrome on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    { browserName: 'Chrome', browserVersion: '126.0.6478.54', os: 'iOS', osVersion: '17.5', osVersionName: 'iOS 17', platform: 'mobile' },
  ],
  [
    'Safari on an iPad before iPadOS 13 (iPad UA)',
    'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    { browserName: 'Safari', browserVersion: '12.1.2', os: 'iOS', osVersion: '12.5.7', osVersionName: 'iOS 12', platform: 'tablet' },
  ],
  [
    'Vivaldi on Windows (says who it is after Chrome)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Vivaldi/6.8.3381.44',
    {
      browserName: 'Vivaldi',
      browserVersion: '6.8.3381.44',
      os: 'Windows',
      osVersion: '10',
      osVersionName: 'Windows 10',
      platform: 'desktop',
    },
  ],
  [
    'Brave on Android (its mobile UA names it)',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 Brave/126.1.67.116',
    {
      browserName: 'Brave',
      browserVersion: '126.1.67.116',
      os: 'Android',
      osVersion: '10',
      osVersionName: 'Android 10',
      platform: 'mobile',
    },
  ],
  [
    'Opera GX on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0 (Edition GX)',
    {
      browserName: 'Opera GX',
      browserVersion: '111.0.0.0',
      os: 'Windows',
      osVersion: '10',
      osVersionName: 'Windows 10',
      platform: 'desktop',
    },
  ],
  [
    'Whale on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Whale/3.26.244.21 Safari/537.36',
    { browserName: 'Whale', browserVersion: '3.26.244.21', os: 'macOS', osVersion: '', osVersionName: 'macOS', platform: 'desktop' },
  ],
  [
    'The old Android browser is not Safari',
    'Mozilla/5.0 (Linux; U; Android 4.4.2; en-us; SM-T230 Build/KOT49H) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Safari/534.30',
    {
      browserName: 'Android Browser',
      browserVersion: '4.0',
      os: 'Android',
      osVersion: '4.4.2',
      osVersionName: 'Android 4',
      platform: 'tablet',
    },
  ],
  [
    'An unknown WebKit browser on Android is unknown, not Safari',
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile Safari/605.1.15',
    { browserName: 'Unknown', browserVersion: '', os: 'Android', osVersion: '13', osVersionName: 'Android 13', platform: 'mobile' },
  ],
  [
    'ChromeOS without a build number',
    'Mozilla/5.0 (X11; CrOS x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { browserName: 'Chrome', browserVersion: '126.0.0.0', os: 'ChromeOS', osVersion: '', osVersionName: 'ChromeOS', platform: 'desktop' },
  ],
  [
    "Safari 26 on iPhone, which freezes the OS at 18_6: its own version is the system's",
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.1 Mobile/15E148 Safari/604.1',
    { browserName: 'Safari', browserVersion: '26.1', os: 'iOS', osVersion: '26.1', osVersionName: 'iOS 26', platform: 'mobile' },
  ],
];

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

describe('browserContextAsync (User-Agent Client Hints)', () => {
  const chromeWindowsUa = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const chromeMacUa =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const chromeAndroidUa = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
  const chromeAndroidTabletUa = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const brand = (name: string, version: string) => ({ brand: name, version });

  interface FakeHints {
    platform: string;
    mobile?: boolean;
    platformVersion?: string;
    brands: { brand: string; version: string }[];
    fullVersionList?: { brand: string; version: string }[];
    /** Replaces getHighEntropyValues' answer (e.g. a promise that never settles). */
    answer?: () => Promise<unknown>;
  }

  function fakeWindow(userAgent: string, hints?: FakeHints) {
    const asked: string[][] = [];
    const userAgentData = hints && {
      brands: hints.brands,
      mobile: hints.mobile ?? false,
      platform: hints.platform,
      getHighEntropyValues(requested: string[]) {
        asked.push(requested);
        if (hints.answer) return hints.answer();
        return Promise.resolve({
          platform: hints.platform,
          platformVersion: hints.platformVersion,
          fullVersionList: hints.fullVersionList,
        });
      },
    };
    const win = {
      navigator: { userAgent, maxTouchPoints: 0, userAgentData },
      screen: { width: 1920, height: 1080 },
      innerWidth: 1280,
      innerHeight: 720,
      devicePixelRatio: 1,
    } as unknown as Window;
    return { win, asked };
  }

  const pick = (context: Awaited<ReturnType<typeof browserContextAsync>>) => ({
    browserName: context.browserName,
    browserVersion: context.browserVersion,
    os: context.os,
    osVersion: context.osVersion,
    osVersionName: context.osVersionName,
    platform: context.platform,
  });

  const chromeBrands = [brand('Not/A)Brand', '8'), brand('Chromium', '126'), brand('Google Chrome', '126')];
  const chromeFull = [brand('Not/A)Brand', '8.0.0.0'), brand('Chromium', '126.0.6478.127'), brand('Google Chrome', '126.0.6478.127')];

  it('tells Windows 11 (platformVersion ≥ 13) and gives Chrome its full version', async () => {
    const { win, asked } = fakeWindow(chromeWindowsUa, {
      platform: 'Windows',
      platformVersion: '15.0.0',
      brands: chromeBrands,
      fullVersionList: chromeFull,
    });
    expect(pick(await browserContextAsync(win))).toEqual({
      browserName: 'Chrome',
      browserVersion: '126.0.6478.127',
      os: 'Windows',
      osVersion: '11',
      osVersionName: 'Windows 11',
      platform: 'desktop',
    });
    // Only the hints the context stores (no model, architecture, …).
    expect(asked).toEqual([['platformVersion', 'fullVersionList']]);
  });

  it('Windows 10 for platformVersion 1–12; 7/8/8.1 (platformVersion 0) from the UA string', async () => {
    const ten = fakeWindow(chromeWindowsUa, {
      platform: 'Windows',
      platformVersion: '10.0.0',
      brands: chromeBrands,
      fullVersionList: chromeFull,
    });
    expect((await browserContextAsync(ten.win)).osVersionName).toBe('Windows 10');
    const sevenUa = 'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36';
    const seven = fakeWindow(sevenUa, { platform: 'Windows', platformVersion: '0.1.0', brands: chromeBrands, fullVersionList: chromeFull });
    expect((await browserContextAsync(seven.win)).osVersionName).toBe('Windows 7');
  });

  it.each([
    ['11.7.10', '11.7.10', 'macOS Big Sur'],
    ['12.6.0', '12.6', 'macOS Monterey'],
    ['13.0.0', '13', 'macOS Ventura'],
    ['14.5.0', '14.5', 'macOS Sonoma'],
    ['15.1.0', '15.1', 'macOS Sequoia'],
    ['26.0.0', '26', 'macOS Tahoe'],
    ['10.15.7', '10.15.7', 'macOS Catalina'],
  ])('macOS platformVersion %s → %s (%s)', async (platformVersion, osVersion, osVersionName) => {
    const { win } = fakeWindow(chromeMacUa, { platform: 'macOS', platformVersion, brands: chromeBrands, fullVersionList: chromeFull });
    expect(pick(await browserContextAsync(win))).toMatchObject({ os: 'macOS', osVersion, osVersionName });
  });

  it('gives Android its real version (the UA says "Android 10; K") and keeps phones mobile', async () => {
    const { win } = fakeWindow(chromeAndroidUa, {
      platform: 'Android',
      mobile: true,
      platformVersion: '14.0.0',
      brands: chromeBrands,
      fullVersionList: chromeFull,
    });
    expect(pick(await browserContextAsync(win))).toEqual({
      browserName: 'Chrome',
      browserVersion: '126.0.6478.127',
      os: 'Android',
      osVersion: '14',
      osVersionName: 'Android 14',
      platform: 'mobile',
    });
  });

  it('an Android device that is not mobile is a tablet', async () => {
    const { win } = fakeWindow(chromeAndroidTabletUa, {
      platform: 'Android',
      mobile: false,
      platformVersion: '13.0.0',
      brands: chromeBrands,
      fullVersionList: chromeFull,
    });
    expect(pick(await browserContextAsync(win))).toMatchObject({ os: 'Android', osVersionName: 'Android 13', platform: 'tablet' });
  });

  it.each([
    ['Microsoft Edge', 'Edge', '126.0.2592.87'],
    ['Opera', 'Opera', '112.0.5197.53'],
    ['Brave', 'Brave', '126.1.67.123'],
    ['Samsung Internet', 'Samsung Internet', '25.0.1.3'],
    ['YaBrowser', 'Yandex', '24.6.0.1874'],
  ])('prefers a browser’s own brand (%s) over Google Chrome and Chromium', async (own, name, version) => {
    const { win } = fakeWindow(chromeWindowsUa, {
      platform: 'Windows',
      platformVersion: '15.0.0',
      brands: [brand('Chromium', '126'), brand('Not/A)Brand', '8'), brand(own, version.split('.')[0]!)],
      fullVersionList: [brand('Chromium', '126.0.6478.127'), brand(own, version), brand('Not/A)Brand', '8.0.0.0')],
    });
    expect(pick(await browserContextAsync(win))).toMatchObject({ browserName: name, browserVersion: version });
  });

  it.each([' Not A;Brand', 'Not)A;Brand', 'Not_A Brand', 'Not.A/Brand', 'Not?A_Brand', 'Not=A?Brand', 'Not-A.Brand'])(
    'ignores the GREASE brand %j',
    async (grease) => {
      const { win } = fakeWindow(chromeWindowsUa, {
        platform: 'Windows',
        platformVersion: '15.0.0',
        brands: [brand(grease, '99'), brand('Chromium', '126')],
        fullVersionList: [brand(grease, '99.0.0.0'), brand('Chromium', '126.0.6478.127')],
      });
      expect(pick(await browserContextAsync(win))).toMatchObject({ browserName: 'Chromium', browserVersion: '126.0.6478.127' });
    },
  );

  it('keeps a more specific name from the UA when the hints only say Chrome/Chromium', async () => {
    const samsungUa =
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';
    const { win } = fakeWindow(samsungUa, {
      platform: 'Android',
      mobile: true,
      platformVersion: '14.0.0',
      brands: chromeBrands,
      fullVersionList: chromeFull,
    });
    expect(pick(await browserContextAsync(win))).toMatchObject({
      browserName: 'Samsung Internet',
      browserVersion: '25.0',
      osVersionName: 'Android 14',
    });
  });

  it('falls back to the UA string after 300 ms when the hints never come', async () => {
    vi.useFakeTimers();
    try {
      const { win } = fakeWindow(chromeWindowsUa, { platform: 'Windows', brands: chromeBrands, answer: () => new Promise(() => {}) });
      let settled: Awaited<ReturnType<typeof browserContextAsync>> | null = null;
      void browserContextAsync(win).then((context) => (settled = context));
      await vi.advanceTimersByTimeAsync(299);
      expect(settled).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      // Low-entropy brands still name the browser (major version only, the UA's fuller one kept).
      expect(pick(settled!)).toEqual({ ...parseUserAgent(chromeWindowsUa) });
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the browser from the low-entropy brands when the high-entropy request fails', async () => {
    const { win } = fakeWindow(chromeWindowsUa, {
      platform: 'Windows',
      brands: [brand('Brave', '126'), brand('Chromium', '126'), brand('Not/A)Brand', '8')],
      answer: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
    });
    expect(pick(await browserContextAsync(win))).toMatchObject({
      browserName: 'Brave',
      browserVersion: '126',
      osVersionName: 'Windows 10',
    });
  });

  it('is the UA-string context without userAgentData (Firefox, Safari) or with a broken one', async () => {
    const firefox = table.find(([label]) => label === 'Firefox on Linux')![1];
    const plain = fakeWindow(firefox);
    expect(await browserContextAsync(plain.win)).toEqual(browserContext(plain.win));
    const broken = fakeWindow(chromeWindowsUa, {
      platform: 'Windows',
      brands: chromeBrands,
      answer: () => {
        throw new TypeError('not a function');
      },
    });
    expect(pick(await browserContextAsync(broken.win))).toMatchObject({ browserName: 'Chrome', osVersionName: 'Windows 10' });
  });

  it('caps strings from the hints at 200 characters', async () => {
    const long = 'B'.repeat(500);
    const { win } = fakeWindow(chromeWindowsUa, {
      platform: 'Windows',
      platformVersion: '15.0.0',
      brands: [brand(long, '1')],
      fullVersionList: [brand(long, '1'.repeat(500))],
    });
    const context = await browserContextAsync(win);
    expect(context.browserName).toHaveLength(200);
    expect(context.browserVersion).toHaveLength(200);
  });
});
