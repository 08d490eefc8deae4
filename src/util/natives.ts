/**
 * Pristine `fetch` and `JSON` for the widget's requests. Host pages patch globals: Prototype.js's
 * `Array.prototype.toJSON` (arrays are sent as strings), "safe" `JSON.stringify` wrappers that
 * truncate or redact, `JSON.parse` wrappers that revive dates, `fetch` wrappers that add headers
 * (which our API's CORS refuses) or rewrite bodies. The widget must still send exactly the JSON it
 * means and read exactly what the server said.
 *
 * When the page's functions look native they are used as they are: no extra work, no DOM touched.
 * Otherwise the pristine ones are borrowed from a temporary same-origin `about:blank` iframe, removed
 * at once (nothing is left in the page; an initial about:blank document loads nothing, so no CSP
 * directive is involved). Its `fetch` works after removal when called with our window as `this`
 * (Sentry's `getNativeImplementation` does the same). A `toJSON` on the page's prototypes still
 * applies to our (main-realm) objects, so `stringify` undoes it for arrays and plain objects.
 *
 * What counts is the page as the widget found it: this module reads the globals when it loads (with
 * app.js, right after the loader). JSON is then fixed for good. A `fetch` that was native then is
 * called through `window.fetch` at each request, so wrappers installed later — the widget's own
 * diagnostics recorder (which skips our URLs), a test's stand-in service — still see our requests.
 */

export interface Natives {
  fetch: typeof fetch;
  stringify(value: unknown): string;
  parse(text: string): unknown;
}

interface Borrowed {
  fetch: typeof fetch;
  JSON: JSON;
  isArray: (value: unknown) => value is unknown[];
}

let cached: Natives | undefined;

/** The natives of this page, as found when the widget loaded. */
export function natives(): Natives {
  // Outside a page (node tests of pure code) the realm's own are the natives.
  cached ??= readNatives((typeof window !== 'undefined' ? window : globalThis) as Window & typeof globalThis);
  return cached;
}

// Before the host page has a chance to patch anything more (see above).
if (typeof window !== 'undefined') natives();

/** Finds the natives of `win` now (no cache); exported for tests. */
export function readNatives(win: Window & typeof globalThis): Natives {
  const own: Borrowed = { fetch: win.fetch, JSON: win.JSON, isArray: win.Array.isArray };
  const nativeFetch = isNative(own.fetch);
  const patched = !nativeFetch || !isNative(own.JSON?.stringify) || !isNative(own.JSON?.parse) || !isNative(own.isArray);
  const borrowed = patched && typeof win.document !== 'undefined' ? borrowFromSandbox(win) : null;
  const found = borrowed ?? own;
  const { stringify, parse } = found.JSON;
  const { isArray } = found;
  // Undefined: call the page's current window.fetch (it was native when we looked).
  const fetchImpl = nativeFetch ? undefined : found.fetch;
  const objectProto = win.Object.prototype;
  const protoOf = win.Object.getPrototypeOf;

  // JSON.stringify has already called any toJSON when the replacer runs; `this[key]` is the value
  // before it. Arrays and plain objects have no toJSON of their own in our data: one that ran came
  // from a patched prototype, so the original is serialised instead (Dates keep theirs).
  function undoInheritedToJSON(this: unknown, key: string, value: unknown): unknown {
    const raw = (this as Record<string, unknown>)[key];
    if (raw === value || raw === null || typeof raw !== 'object') return value;
    if (isArray(raw)) return raw;
    const proto: unknown = protoOf(raw);
    return proto === objectProto || proto === null ? raw : value;
  }

  return {
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => Reflect.apply(fetchImpl ?? win.fetch, win, [input, init])) as typeof fetch,
    stringify: (value) => Reflect.apply(stringify, found.JSON, [value, undoInheritedToJSON]) as string,
    parse: (text) => Reflect.apply(parse, found.JSON, [text]) as unknown,
  };
}

/** True when `fn` is a built-in (its source is `[native code]`), not a page's wrapper. */
function isNative(fn: unknown): boolean {
  if (typeof fn !== 'function') return false;
  try {
    return /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(fn));
  } catch {
    return false;
  }
}

function borrowFromSandbox(win: Window): Borrowed | null {
  const doc = win.document;
  const parent = doc.head ?? doc.documentElement;
  if (!parent) return null;
  let frame: HTMLIFrameElement | null = null;
  try {
    frame = doc.createElement('iframe');
    frame.hidden = true;
    frame.setAttribute('aria-hidden', 'true');
    parent.appendChild(frame);
    const sandbox = frame.contentWindow as (Window & typeof globalThis) | null;
    if (!sandbox) return null;
    const borrowed: Borrowed = { fetch: sandbox.fetch, JSON: sandbox.JSON, isArray: sandbox.Array.isArray };
    // Something that patches every frame (an extension, a test tool) patched this one too.
    const clean =
      isNative(borrowed.fetch) && isNative(borrowed.JSON?.stringify) && isNative(borrowed.JSON?.parse) && isNative(borrowed.isArray);
    return clean ? borrowed : null;
  } catch {
    return null;
  } finally {
    frame?.remove();
  }
}
