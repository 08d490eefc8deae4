/**
 * The reviewer's browser, OS and screen, stored with every thread so a developer can reproduce
 * what the reviewer saw. Read from the user-agent string for now (small and synchronous); User-Agent
 * Client Hints come later. `platform` is the device class: desktop, mobile or tablet.
 * Strings are capped at 200 characters, the server's limit.
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

/** Browser and OS from a UA string; order matters because most browsers also claim to be Chrome/Safari. */
export function parseUserAgent(ua: string): ParsedUserAgent {
  const browsers: [name: string, pattern: RegExp][] = [
    ['Edge', /\bEdg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /\b(?:OPR|OPT)\/([\d.]+)/],
    ['Samsung Internet', /\bSamsungBrowser\/([\d.]+)/],
    ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\/([\d.]+)/],
    ['Safari', /\bVersion\/([\d.]+).*Safari\//],
  ];
  let browserName = 'Unknown';
  let browserVersion = '';
  for (const [name, pattern] of browsers) {
    const match = pattern.exec(ua);
    if (match) {
      browserName = name;
      browserVersion = match[1] ?? '';
      break;
    }
  }
  if (browserName === 'Unknown' && /Safari\//.test(ua) && /AppleWebKit/.test(ua)) browserName = 'Safari';

  const { os, osVersion, osVersionName } = parseOs(ua);
  const tablet = /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua));
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

function parseOs(ua: string): { os: string; osVersion: string; osVersionName: string } {
  let match: RegExpExecArray | null;
  if ((match = /Windows NT ([\d.]+)/.exec(ua))) {
    const version = match[1] ?? '';
    const name = WINDOWS_NAMES[version];
    return { os: 'Windows', osVersion: name ?? version, osVersionName: name ? `Windows ${name}` : 'Windows' };
  }
  if ((match = /(?:iPhone|CPU) OS (\d+(?:_\d+)*)/.exec(ua)) || (/iPad|iPhone|iPod/.test(ua) && (match = /OS (\d+(?:_\d+)*)/.exec(ua)))) {
    const version = (match[1] ?? '').replace(/_/g, '.');
    return { os: 'iOS', osVersion: version, osVersionName: `iOS ${version.split('.')[0]}` };
  }
  if ((match = /Mac OS X (\d+(?:[_.]\d+)*)/.exec(ua))) {
    const version = (match[1] ?? '').replace(/_/g, '.');
    const [major = '', minor = ''] = version.split('.');
    const name = MACOS_NAMES[major === '10' ? `10.${minor}` : major];
    return { os: 'macOS', osVersion: version, osVersionName: name ? `macOS ${name}` : 'macOS' };
  }
  if ((match = /Android (\d+(?:\.\d+)*)/.exec(ua))) {
    const version = match[1] ?? '';
    return { os: 'Android', osVersion: version, osVersionName: `Android ${version.split('.')[0]}` };
  }
  if ((match = /CrOS \S+ ([\d.]+)/.exec(ua))) return { os: 'ChromeOS', osVersion: match[1] ?? '', osVersionName: 'ChromeOS' };
  if (/Linux/.test(ua)) return { os: 'Linux', osVersion: '', osVersionName: 'Linux' };
  return { os: 'Unknown', osVersion: '', osVersionName: '' };
}

export function browserContext(win: Window = window): BrowserContext {
  const ua = win.navigator.userAgent ?? '';
  const parsed = parseUserAgent(ua);
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
    userAgent: cap(ua),
  };
}
