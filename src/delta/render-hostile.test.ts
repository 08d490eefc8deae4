/**
 * renderDelta in a real browser on hostile input (hostile-deltas.fixture.ts): it must come out as
 * inert text — no script-capable element, no event handler, no href outside http/https/mailto —
 * without throwing or freezing the page, and within its character, op and line caps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hostileLinks, htmlTexts, malformed } from './hostile-deltas.fixture';
import { RENDER_LIMITS } from './render';
import { containers, mount, unmountAll } from './render-test-kit';

afterEach(unmountAll);

const ALLOWED_TAGS = new Set(['DIV', 'P', 'BR', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'U', 'S', 'CODE', 'A', 'SPAN']);
const ALLOWED_ATTRIBUTES = new Set(['class', 'href', 'target', 'rel']);
const ALLOWED_CLASSES = new Set(['pm-delta', 'pm-mention']);

function expectInert(container: HTMLElement): void {
  for (const el of Array.from(container.querySelectorAll('*'))) {
    expect(ALLOWED_TAGS, el.outerHTML.slice(0, 200)).toContain(el.tagName);
    for (const attr of Array.from(el.attributes)) {
      expect(ALLOWED_ATTRIBUTES, `${attr.name} on ${el.tagName}`).toContain(attr.name);
      expect(attr.name.startsWith('on')).toBe(false);
    }
    for (const name of Array.from(el.classList)) expect(ALLOWED_CLASSES).toContain(name);
    if (el.hasAttribute('href')) {
      expect(el.tagName).toBe('A');
      expect(['http:', 'https:', 'mailto:']).toContain(new URL(el.getAttribute('href') ?? '').protocol);
      expect(el.getAttribute('target')).toBe('_blank');
      expect(el.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
  }
  expect(container.querySelectorAll('script, img, iframe, svg, style, object, embed, form, input, link, meta').length).toBe(0);
}

const pwned = () => (window as unknown as { __pwned?: unknown }).__pwned;

describe('renderDelta with hostile input', () => {
  it.each(htmlTexts)('shows HTML in text literally: %s', (text) => {
    const container = mount({
      ops: [{ insert: text, attributes: { bold: true } }, { insert: { mention: { id: 'm', value: text } } }, { insert: '\n' }],
    });
    expectInert(container);
    expect(container.textContent).toBe(`${text}@${text}`);
  });

  it.each(hostileLinks)('renders the link %j as plain text', (link) => {
    const container = mount({ ops: [{ insert: 'click me', attributes: { link, underline: true } }, { insert: '\n' }] });
    expectInert(container);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('click me');
    expect(container.querySelector('u')?.textContent).toBe('click me');
  });

  it('links only http, https and mailto, with the URL as parsed', () => {
    const links = [
      'https://example.com/a?b=1#c',
      'http://example.com',
      'mailto:ada@example.com',
      '  https://example.com/x  ',
      'HTTPS://EXAMPLE.COM/Y',
    ];
    const container = mount({ ops: links.flatMap((link) => [{ insert: 'l', attributes: { link } }, { insert: '\n' }]) });
    expectInert(container);
    expect(Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1#c',
      'http://example.com/',
      'mailto:ada@example.com',
      'https://example.com/x',
      'https://example.com/Y',
    ]);
  });

  it.each(malformed)('renders what it can of malformed input: %s', (_, delta) => {
    expect(() => mount(delta)).not.toThrow();
    expectInert(containers[containers.length - 1] as HTMLElement);
    expect(({} as Record<string, unknown>).bold).toBeUndefined();
    expect(({} as Record<string, unknown>).link).toBeUndefined();
  });

  it('keeps the good ops among malformed ones and stops at a throwing op', () => {
    const named = (name: string) => malformed.find(([n]) => n === name)?.[1];
    expect(mount(named('holes and junk ops')).textContent).toBe('ok');
    expect(mount(named('throwing proxy op')).textContent).toBe('before …');
    const polluted = mount(named('prototype pollution via JSON'));
    expect(polluted.querySelector('a, strong, li, .pm-mention')).toBeNull();
    expect(polluted.textContent).toBe('x');
  });

  it('caps characters, ops and lines, with an ellipsis', () => {
    const huge = mount({ ops: [{ insert: 'a'.repeat(1_000_000) }, { insert: 'never\n' }] });
    expect(huge.textContent?.length).toBe(RENDER_LIMITS.maxChars + 1);
    expect(huge.textContent?.endsWith('a…')).toBe(true);

    const many = mount({ ops: Array.from({ length: 50_000 }, (_, i) => ({ insert: 'b', attributes: { bold: i % 2 === 0 } })) });
    expect(many.querySelectorAll('strong').length).toBe(RENDER_LIMITS.maxOps / 2);
    expect(many.textContent?.endsWith('…')).toBe(true);

    const lines = mount({ ops: [{ insert: 'x\n'.repeat(40_000) }] });
    expect(lines.querySelectorAll('p').length).toBe(RENDER_LIMITS.maxLines);
    expect(lines.querySelector('p:last-child')?.textContent).toBe('x…');

    const bigMention = mount({ ops: [{ insert: 'hi ' }, { insert: { mention: { id: 'm', value: 'n'.repeat(RENDER_LIMITS.maxChars) } } }] });
    expect(bigMention.textContent).toBe('hi …');

    const surrogate = mount({ ops: [{ insert: 'a'.repeat(RENDER_LIMITS.maxChars - 1) + '😀😀' }] });
    expect(surrogate.textContent?.endsWith('a…')).toBe(true);
  });

  it('never ran any of it', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pwned()).toBeUndefined();
  });
});
