/**
 * Comment mode without a mouse: Tab and Shift+Tab walk the page's meaningful elements (headings,
 * paragraphs, images, links, buttons, fields, list items, table cells) in document order, and the
 * widget outlines the current one. The page's own focus and tabindex are left alone — most of
 * these elements are not focusable, and making them so would change the host's DOM — so this is a
 * roving highlight the widget keeps, with a short description for the hint and screen readers.
 */
import { strings } from '../strings';

const CANDIDATES = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  '[role="heading"]',
  'p',
  'li',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'figure',
  'img',
  'svg[role="img"]',
  '[role="img"]',
  'video',
  'canvas',
  'a[href]',
  'button',
  '[role="button"]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'label',
  'summary',
  'th',
  'td',
].join(',');

/** Longest element text quoted in a description. */
const QUOTE = 48;

function visible(element: Element): boolean {
  const probe = element as Element & { checkVisibility?: (options?: object) => boolean };
  if (typeof probe.checkVisibility === 'function' && !probe.checkVisibility({ checkVisibilityCSS: true })) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

function inViewport(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
}

/**
 * The element after (or before, `backwards`) `current`, wrapping at the ends. Without a current one
 * (or when it left the page) the walk starts at the first (last) element in view, so the first Tab
 * picks something the reviewer sees. `host` (the widget) is never a candidate.
 */
export function nextTarget(current: Element | null, backwards: boolean, host: Element): Element | null {
  const all = [...document.querySelectorAll(CANDIDATES)].filter((element) => element !== host && !host.contains(element));
  if (!all.length) return null;
  const order = backwards ? all.reverse() : all;
  const from = current ? order.indexOf(current) : -1;
  if (from < 0) return order.find((element) => visible(element) && inViewport(element)) ?? order.find(visible) ?? null;
  for (let step = 1; step <= order.length; step++) {
    const element = order[(from + step) % order.length]!;
    if (visible(element)) return element;
  }
  return null;
}

function kindOf(element: Element): keyof typeof strings.commentMode.kinds {
  const tag = element.localName;
  const role = element.getAttribute('role');
  if (/^h[1-6]$/.test(tag) || role === 'heading') return 'heading';
  if (tag === 'p' || tag === 'blockquote' || tag === 'pre') return 'paragraph';
  if (['img', 'svg', 'figure', 'video', 'canvas'].includes(tag) || role === 'img') return 'image';
  if (tag === 'a') return 'link';
  if (tag === 'button' || role === 'button' || tag === 'summary') return 'button';
  if (['input', 'select', 'textarea', 'label'].includes(tag)) return 'field';
  if (tag === 'li' || tag === 'dt' || tag === 'dd') return 'item';
  if (tag === 'td' || tag === 'th') return 'cell';
  return 'element';
}

/** "Heading “Pricing”": what the highlight is on, in words. Never a field's value (it may be private). */
export function describeTarget(element: Element): string {
  const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
  const named =
    element.getAttribute('aria-label') ||
    element.getAttribute('alt') ||
    (field
      ? (element.labels?.[0]?.textContent ?? element.getAttribute('placeholder') ?? element.getAttribute('name'))
      : element.textContent) ||
    '';
  const text = named.replace(/\s+/g, ' ').trim();
  const quoted = text.length > QUOTE ? `${text.slice(0, QUOTE - 1)}…` : text;
  const { commentMode } = strings;
  return commentMode.described(commentMode.kinds[kindOf(element)], quoted);
}

/** Where a keyboard-placed pin goes: the middle of the element's part in view. */
export function pointIn(element: Element): { x: number; y: number } {
  const box = element.getBoundingClientRect();
  const left = Math.max(box.left, 0);
  const right = Math.min(box.right, window.innerWidth);
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, window.innerHeight);
  return {
    x: Math.round(right > left ? (left + right) / 2 : box.left + box.width / 2),
    y: Math.round(bottom > top ? (top + bottom) / 2 : box.top + box.height / 2),
  };
}
