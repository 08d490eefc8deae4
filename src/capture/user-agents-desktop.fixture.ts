/**
 * Real desktop user-agent strings (Windows, macOS, Linux, ChromeOS, and the empty UA) with what
 * parseUserAgent must read from each: the data behind browser-context.node.test.ts. Mobile and
 * tablet ones are in user-agents-mobile.fixture.ts.
 */
import type { parseUserAgent } from './browser-context';

/** One case: a label for the test name, the User-Agent string, and the parse it must give. */
export type UserAgentCase = [label: string, ua: string, expected: ReturnType<typeof parseUserAgent>];

export const desktopUserAgents: UserAgentCase[] = [
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
    'Opera on Windows 7',
    'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36 OPR/95.0.0.0',
    { browserName: 'Opera', browserVersion: '95.0.0.0', os: 'Windows', osVersion: '7', osVersionName: 'Windows 7', platform: 'desktop' },
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
    'ChromeOS without a build number',
    'Mozilla/5.0 (X11; CrOS x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { browserName: 'Chrome', browserVersion: '126.0.0.0', os: 'ChromeOS', osVersion: '', osVersionName: 'ChromeOS', platform: 'desktop' },
  ],
];
