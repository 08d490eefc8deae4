/**
 * Every rate limit in one table (docs/api-decisions.md, "Rate limits"): which requests are counted,
 * in which group, per what credential, and how many a window allows. Counting and answering is
 * rate-limit.ts; the client address is client-address.ts.
 *
 * A request counts twice, once for its client address and once for its credential (when it has
 * one), and is refused when either count is over: an attacker rotating addresses is stopped by the
 * credential, one hopping credentials by the address. Address limits are higher than credential
 * limits because an office or a school shares one address behind NAT.
 *
 * The numbers leave the real widget, the e2e suite (every browser on 127.0.0.1) and the server
 * tests far below them, and still keep a flood to a few requests a second per client.
 */

export interface RateLimitRule {
  /** Fixed window length: counters start over at every multiple of it since the epoch. */
  windowSeconds: number;
  /** Requests per window from one client address (IPv6: one /64). */
  perAddress: number;
  /** Requests per window with one credential: a reviewer (user), a presented token, an e-mail. */
  perCredential: number;
  /** Requests per window with one API key, where that differs (integrations work in bulk). */
  perApiKey?: number;
}

export const RATE_LIMITS = {
  /** POST /auth/exchange, /auth/sdk-exchange and /auth/member-session: a page load exchanges once, a renewal once more. */
  exchange: { windowSeconds: 60, perAddress: 300, perCredential: 60 },
  /** GET /auth/sdk-exchange/result: the sign-in popup's opener polls it every 2 s (30 a minute). */
  signInResult: { windowSeconds: 60, perAddress: 600, perCredential: 60 },
  /** GET /sign-in and POST /idp/token, the development sign-in (credential: the e-mail). */
  signIn: { windowSeconds: 60, perAddress: 120, perCredential: 20 },
  /** POST /threads: a fast QA tester files a report every few seconds. */
  threads: { windowSeconds: 60, perAddress: 600, perCredential: 60, perApiKey: 1200 },
  /** POST /threads/:threadId/messages */
  messages: { windowSeconds: 60, perAddress: 1200, perCredential: 120, perApiKey: 2400 },
  /** Upload policies and completions, screenshots, POST /markups/file and /markups/objectstore. */
  uploads: { windowSeconds: 60, perAddress: 600, perCredential: 120, perApiKey: 600 },
  /** GET /image-relay: a screenshot of an image gallery asks for a few dozen images. */
  imageRelay: { windowSeconds: 60, perAddress: 1200, perCredential: 300, perApiKey: 300 },
  /** POST /users/invite (up to 25 addresses each). */
  invitations: { windowSeconds: 3600, perAddress: 200, perCredential: 100 },
  /** Issue 18: POST /auth/guest/challenge and /auth/guest (credential: the e-mail address). */
  guestSignIn: { windowSeconds: 3600, perAddress: 60, perCredential: 20 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitGroup = keyof typeof RATE_LIMITS;

/** What `GET /auth/config` advertises as `rateLimits.exchangePerMinute`: the real exchange limit. */
export const EXCHANGES_PER_MINUTE = (RATE_LIMITS.exchange.perCredential * 60) / RATE_LIMITS.exchange.windowSeconds;

/** Words for the 429 message: "at most 60 <noun> per minute". */
export const GROUP_NOUNS: Record<RateLimitGroup, string> = {
  exchange: 'sign-in exchanges',
  signInResult: 'sign-in result checks',
  signIn: 'sign-in attempts',
  threads: 'new threads',
  messages: 'new messages',
  uploads: 'uploads',
  imageRelay: 'relayed images',
  invitations: 'invitations',
  guestSignIn: 'guest sign-ins',
};

/** Issue 18: guest sign-ins one installation takes per hour, from all addresses together (routes/guests.ts). */
export const GUEST_SIGN_INS_PER_INSTALLATION_HOUR = 300;

/**
 * Where a request's credential is read. `caller`: the API key or reviewer the credentials
 * middleware resolved (verified). The others are read before anything is verified, so they count
 * the presented token itself (hashed), never a subject it claims: a count keyed on a claimed
 * subject could be spent by anyone forging tokens for that subject, locking its user out.
 */
export type CredentialSource = 'caller' | 'bearer' | 'body:token' | 'body:email' | 'query:state' | 'none';

export interface LimitedRoute {
  method: 'GET' | 'POST' | 'PUT';
  /** The full path, `:name` for one segment. */
  path: string;
  group: RateLimitGroup;
  credential: CredentialSource;
}

export const LIMITED_ROUTES: readonly LimitedRoute[] = [
  { method: 'POST', path: '/api/v2/auth/exchange', group: 'exchange', credential: 'body:token' },
  { method: 'POST', path: '/api/v2/auth/sdk-exchange', group: 'exchange', credential: 'bearer' },
  { method: 'POST', path: '/api/v2/auth/member-session', group: 'exchange', credential: 'bearer' },
  { method: 'GET', path: '/api/v2/auth/sdk-exchange/result', group: 'signInResult', credential: 'query:state' },
  { method: 'GET', path: '/sign-in', group: 'signIn', credential: 'none' },
  { method: 'POST', path: '/idp/token', group: 'signIn', credential: 'body:email' },
  { method: 'POST', path: '/api/v2/threads', group: 'threads', credential: 'caller' },
  { method: 'POST', path: '/api/v2/threads/:threadId/messages', group: 'messages', credential: 'caller' },
  { method: 'POST', path: '/api/v2/upload-policy', group: 'uploads', credential: 'caller' },
  { method: 'POST', path: '/api/v2/upload-complete', group: 'uploads', credential: 'caller' },
  { method: 'GET', path: '/api/v2/threads/:id/screenshot-upload-policy', group: 'uploads', credential: 'caller' },
  { method: 'PUT', path: '/api/v2/threads/:id/screenshot', group: 'uploads', credential: 'caller' },
  { method: 'POST', path: '/api/v2/markups/file', group: 'uploads', credential: 'caller' },
  { method: 'POST', path: '/api/v2/markups/objectstore', group: 'uploads', credential: 'caller' },
  { method: 'GET', path: '/api/v2/image-relay', group: 'imageRelay', credential: 'caller' },
  { method: 'POST', path: '/api/v2/users/invite', group: 'invitations', credential: 'caller' },
  { method: 'POST', path: '/api/v2/auth/guest/challenge', group: 'guestSignIn', credential: 'none' },
  { method: 'POST', path: '/api/v2/auth/guest', group: 'guestSignIn', credential: 'body:email' },
  /** Issue 18: a guest's answer on their thread page (routes/guest-page.ts), by address. */
  { method: 'POST', path: '/g/:token', group: 'messages', credential: 'none' },
];

const COMPILED = LIMITED_ROUTES.map((route) => ({ route, pattern: new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`) }));

/** The limited route a request is, if any (HEAD counts as the GET it mirrors). */
export function limitedRouteOf(method: string, path: string): LimitedRoute | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return COMPILED.find(({ route, pattern }) => route.method === wanted && pattern.test(path))?.route;
}
