/**
 * Real phone and tablet user-agent strings (iOS, iPadOS, Android) with what parseUserAgent must read
 * from each: the data behind browser-context.node.test.ts. Desktop ones are in
 * user-agents-desktop.fixture.ts.
 */
import type { UserAgentCase } from './user-agents-desktop.fixture';

export const mobileUserAgents: UserAgentCase[] = [
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
    'Firefox on iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
    { browserName: 'Firefox', browserVersion: '127.0', os: 'iOS', osVersion: '17.5', osVersionName: 'iOS 17', platform: 'mobile' },
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
    "Safari 26 on iPhone, which freezes the OS at 18_6: its own version is the system's",
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.1 Mobile/15E148 Safari/604.1',
    { browserName: 'Safari', browserVersion: '26.1', os: 'iOS', osVersion: '26.1', osVersionName: 'iOS 26', platform: 'mobile' },
  ],
];
