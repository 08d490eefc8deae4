/**
 * browserContextAsync: the OS version and full browser name and version read from User-Agent Client
 * Hints (navigator.userAgentData) on a fake window, and the fallbacks to the UA string when the
 * hints are missing, slow, refused or broken.
 */
import { describe, expect, it, vi } from 'vitest';
import { browserContext, browserContextAsync, parseUserAgent } from './browser-context';
import { desktopUserAgents } from './user-agents-desktop.fixture';

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
    const firefox = desktopUserAgents.find(([label]) => label === 'Firefox on Linux')![1];
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
