/**
 * The reviewer's browser, OS and screen, stored with every thread so a developer can reproduce what
 * the reviewer saw. `platform` is the device class: desktop, mobile or tablet. Strings are capped at
 * 200 characters, the server's limit.
 *
 * Two sources. The user-agent string (synchronous, every browser) is frozen in today's browsers:
 * Windows 11 says "Windows NT 10.0", every Mac says 10_15_7 (Firefox 10.15), Chrome on Android says
 * "Android 10; K" and Chrome's version is "126.0.0.0"; iPadOS 13+ pretends to be a Mac. User-Agent
 * Client Hints (`navigator.userAgentData`, Chromium browsers in secure contexts) give the real values,
 * asynchronously: `browserContextAsync` asks for them with a short timeout and falls back to the UA.
 * The UA table stays deliberately small: the common browsers, most specific first.
 */
import type { BrowserContext } from '../api/wire';

export interface ParsedUserAgent {
  browserName: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  osVersionName: string;
  platform: 'desktop' | 'mobile' | 'tablet';
}

const MAX_STRING = 200;
const CLIENT_HINTS_TIMEOUT_MS = 300;

// Order matters: most browsers also claim to be Chrome and/or Safari.
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera GX', /\bOPR\/([\d.]+) \(Edition GX/],
  ['Opera', /\b(?:OPR|OPT)\/([\d.]+)/],
  // Chromium browsers that name themselves after "Chrome/…" (Brave only in its mobile UA).
  ['Vivaldi', /\bVivaldi\/([\d.]+)/],
  ['Brave', /\bBrave\/([\d.]+)/],
  ['Whale', /\bWhale\/([\d.]+)/],
  ['DuckDuckGo', /\bDuckDuckGo\/([\d.]+)/],
  ['Yandex', /\bYaBrowser\/([\d.]+)/],
  ['Samsung Internet', /\bSamsungBrowser\/([\d.]+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Android WebView', /; wv\).*\bChrome\/([\d.]+)/],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\/([\d.]+)/],
  // The pre-Chrome Android browser wrote Version/4.0 … Safari too.
  ['Android Browser', /\bAndroid\b.*\bVersion\/([\d.]+).*Safari\//],
  ['Safari', /\bVersion\/([\d.]+).*Safari\//],
];

/**
 * Browser and OS from a UA string. `maxTouchPoints` (navigator's) tells an iPad, which sends a Mac UA
 * since iPadOS 13, from a Mac (Macs report 0).
 */
export function parseUserAgent(ua: string, maxTouchPoints = 0): ParsedUserAgent {
  let browserName = 'Unknown';
  let browserVersion = '';
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browserName = name;
      browserVersion = match[1] ?? '';
      break;
    }
  }
  // A WebKit UA without a name of its own is Safari on Apple systems; elsewhere it is unknown.
  if (browserName === 'Unknown' && /Safari\//.test(ua) && /AppleWebKit/.test(ua) && !/Android|Linux|CrOS|Windows/.test(ua))
    browserName = 'Safari';

  const iPadAsMac = /Macintosh/.test(ua) && maxTouchPoints > 1;
  const { os, osVersion, osVersionName } = iPadAsMac ? iPadOsFromMacUa(ua) : parseOs(ua);
  const tablet = iPadAsMac || /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua));
  const mobile = !tablet && /Mobi|iPhone|iPod|Android/.test(ua);
  return { browserName, browserVersion, os, osVersion, osVersionName, platform: tablet ? 'tablet' : mobile ? 'mobile' : 'desktop' };
}

const WINDOWS_NAMES: Record<string, string> = {
  '10.0': '10', // Windows 11 also reports 10.0; only Client Hints can tell them apart.
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
  '5.1': 'XP',
};

const MACOS_NAMES: Record<string, string> = {
  '10.13': 'High Sierra',
  '10.14': 'Mojave',
  '10.15': 'Catalina',
  '11': 'Big Sur',
  '12': 'Monterey',
  '13': 'Ventura',
  '14': 'Sonoma',
  '15': 'Sequoia',
  '26': 'Tahoe',
};

type OsFields = Pick<ParsedUserAgent, 'os' | 'osVersion' | 'osVersionName'>;

function macOs(version: string): OsFields {
  const [major = '', minor = ''] = version.split('.');
  const name = MACOS_NAMES[major === '10' ? `10.${minor}` : major];
  return { os: 'macOS', osVersion: version, osVersionName: name ? `macOS ${name}` : 'macOS' };
}

/** Safari on iPadOS sends no iOS version, but its own version follows the system's (Safari 17.5 ↔ iPadOS 17.5). */
function iPadOsFromMacUa(ua: string): OsFields {
  const version = /\bVersion\/([\d.]+)/.exec(ua)?.[1] ?? '';
  return { os: 'iOS', osVersion: version, osVersionName: version ? `iOS ${version.split('.')[0]}` : 'iOS' };
}

function parseOs(ua: string): OsFields {
  let match: RegExpExecArray | null;
  if ((match = /Windows NT ([\d.]+)/.exec(ua))) {
    const version = match[1] ?? '';
    const name = WINDOWS_NAMES[version];
    return { os: 'Windows', osVersion: name ?? version, osVersionName: name ? `Windows ${name}` : 'Windows' };
  }
  if ((match = /(?:iPhone|CPU) OS (\d+(?:_\d+)*)/.exec(ua)) || (/iPad|iPhone|iPod/.test(ua) && (match = /OS (\d+(?:_\d+)*)/.exec(ua)))) {
    let version = (match[1] ?? '').replace(/_/g, '.');
    // Safari 26 freezes the system at 18_6 as macOS's is frozen at 10_15_7; Safari's own version
    // follows the system's (Version/26.1 on iOS 26.1), so a newer one is the real system.
    const safari = /\bVersion\/(\d+(?:\.\d+)*).*Safari\//.exec(ua)?.[1];
    if (safari && Number.parseInt(safari, 10) > Number.parseInt(version, 10)) version = safari;
    return { os: 'iOS', osVersion: version, osVersionName: `iOS ${version.split('.')[0]}` };
  }
  if ((match = /Mac OS X (\d+(?:[_.]\d+)*)/.exec(ua))) {
    const version = (match[1] ?? '').replace(/_/g, '.');
    // Safari and Chrome freeze the UA at 10.15.7 and Firefox at 10.15 whatever the real version:
    // only an older version than that is a real one (Client Hints know better, see below).
    const frozen = version === '10.15.7' || version === '10.15';
    return frozen ? { os: 'macOS', osVersion: '', osVersionName: 'macOS' } : macOs(version);
  }
  if ((match = /Android (\d+(?:\.\d+)*)/.exec(ua))) {
    const version = match[1] ?? '';
    return { os: 'Android', osVersion: version, osVersionName: `Android ${version.split('.')[0]}` };
  }
  if ((match = /\bCrOS\b(?: \S+ ([\d.]+))?/.exec(ua))) return { os: 'ChromeOS', osVersion: match[1] ?? '', osVersionName: 'ChromeOS' };
  if (/Linux/.test(ua)) return { os: 'Linux', osVersion: '', osVersionName: 'Linux' };
  return { os: 'Unknown', osVersion: '', osVersionName: '' };
}

/** Synchronous, from the UA string only: the fallback when Client Hints are missing or slow. */
export function browserContext(win: Window = window): BrowserContext {
  const ua = win.navigator.userAgent ?? '';
  return contextFrom(win, parseUserAgent(ua, win.navigator.maxTouchPoints ?? 0));
}

function contextFrom(win: Window, parsed: ParsedUserAgent): BrowserContext {
  const cap = (value: string) => value.slice(0, MAX_STRING);
  return {
    browserName: cap(parsed.browserName),
    browserVersion: cap(parsed.browserVersion),
    os: cap(parsed.os),
    osVersion: cap(parsed.osVersion),
    osVersionName: cap(parsed.osVersionName),
    platform: parsed.platform,
    screenWidth: win.screen?.width ?? 0,
    screenHeight: win.screen?.height ?? 0,
    viewportWidth: win.innerWidth,
    viewportHeight: win.innerHeight,
    devicePixelRatio: win.devicePixelRatio || 1,
    userAgent: cap(win.navigator.userAgent ?? ''),
  };
}

// ——— User-Agent Client Hints ———

interface Brand {
  brand: string;
  version: string;
}

interface HighEntropyValues {
  platform?: string;
  platformVersion?: string;
  fullVersionList?: Brand[];
}

/** `navigator.userAgentData` (not in TypeScript's DOM library yet). */
interface UserAgentData {
  brands?: Brand[];
  mobile?: boolean;
  platform?: string;
  getHighEntropyValues?(hints: string[]): Promise<HighEntropyValues>;
}

// The values cannot change during a page's life: ask once per page, even when the first answer was late.
const hintRequests = new WeakMap<object, Promise<HighEntropyValues | null>>();

/**
 * Browser context with the real OS version and browser when User-Agent Client Hints are available
 * (asked for at most `timeoutMs`, default 300 ms); the UA-string result otherwise. Never rejects.
 */
export async function browserContextAsync(win: Window = window, timeoutMs = CLIENT_HINTS_TIMEOUT_MS): Promise<BrowserContext> {
  const ua = win.navigator.userAgent ?? '';
  const parsed = parseUserAgent(ua, win.navigator.maxTouchPoints ?? 0);
  try {
    const data = (win.navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
    if (!data || typeof data !== 'object') return contextFrom(win, parsed);
    let request = hintRequests.get(data);
    if (!request) {
      // Only what the context stores: no model or architecture (high entropy we would not use).
      request = Promise.resolve(data.getHighEntropyValues?.(['platformVersion', 'fullVersionList'])).then(
        (values) => (values && typeof values === 'object' ? values : null),
        () => null,
      );
      hintRequests.set(data, request);
    }
    const values = await withTimeout(request, timeoutMs);
    return contextFrom(win, applyClientHints(parsed, data, values));
  } catch {
    return contextFrom(win, parsed);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// GREASE brands ("Not A;Brand", "Not)A;Brand", "Not/A)Brand", …) exist to be ignored.
const GREASE = /not.?a.?brand/i;

const BRAND_NAMES: Record<string, string> = {
  'Google Chrome': 'Chrome',
  HeadlessChrome: 'Chrome',
  'Microsoft Edge': 'Edge',
  YaBrowser: 'Yandex',
};

/** The most specific brand: a browser's own (Edge, Opera, Brave, …) before Google Chrome before Chromium. */
function pickBrand(brands: unknown): Brand | null {
  if (!Array.isArray(brands)) return null;
  const rank = (brand: string) => (brand === 'Chromium' ? 2 : brand === 'Google Chrome' || brand === 'HeadlessChrome' ? 1 : 0);
  const real = brands.filter(
    (entry): entry is Brand => typeof entry?.brand === 'string' && typeof entry.version === 'string' && !GREASE.test(entry.brand),
  );
  return real.sort((a, b) => rank(a.brand) - rank(b.brand))[0] ?? null;
}

function withoutTrailingZeros(version: string): string {
  return version.replace(/(?:\.0)+$/, '');
}

function applyClientHints(parsed: ParsedUserAgent, data: UserAgentData, values: HighEntropyValues | null): ParsedUserAgent {
  const result = { ...parsed };

  const full = pickBrand(values?.fullVersionList);
  const brand = full ?? pickBrand(data.brands);
  if (brand) {
    const name = BRAND_NAMES[brand.brand] ?? brand.brand;
    // Chromium-based browsers without a brand of their own (Samsung Internet, Yandex, WebView in
    // older versions) are named in the UA string: keep that more specific name.
    const uaIsMoreSpecific = (name === 'Chrome' || name === 'Chromium') && !['Chrome', 'Unknown', 'Safari'].includes(parsed.browserName);
    if (!uaIsMoreSpecific) {
      result.browserName = name;
      // Without the full version list only a major version is known: the UA's fuller one is kept when it names the same browser.
      result.browserVersion = full || parsed.browserName !== name ? brand.version : parsed.browserVersion;
    }
  }

  const platform = values?.platform ?? data.platform;
  const version = typeof values?.platformVersion === 'string' ? values.platformVersion : '';
  const major = Number.parseInt(version, 10);
  if (platform === 'Windows' && major > 0) {
    // platformVersion is the Windows API contract version: 1–12 is Windows 10, 13+ Windows 11;
    // 0 means 7, 8 or 8.1, which the UA string already tells apart.
    const name = major >= 13 ? '11' : '10';
    Object.assign(result, { os: 'Windows', osVersion: name, osVersionName: `Windows ${name}` });
  } else if (platform === 'macOS' && major > 0) {
    Object.assign(result, macOs(withoutTrailingZeros(version)));
  } else if (platform === 'Android' && major > 0) {
    const real = withoutTrailingZeros(version);
    Object.assign(result, { os: 'Android', osVersion: real, osVersionName: `Android ${major}` });
  } else if (platform === 'Chrome OS' && version) {
    Object.assign(result, { os: 'ChromeOS', osVersion: version, osVersionName: 'ChromeOS' });
  }

  if (data.mobile === true && result.platform === 'desktop') result.platform = 'mobile';
  // Chrome on an Android tablet reports mobile: false (and a UA without "Mobile").
  if (data.mobile === false && platform === 'Android') result.platform = 'tablet';
  return result;
}
