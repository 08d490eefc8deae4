import { describe, expect, it } from 'vitest';
import { canonicalUrlFrom, canonicalUrlOf, stripTrackingParams, urlWithoutHash } from './canonical-url';

describe('canonicalUrlFrom', () => {
  it('prefers the canonical link, resolved against the page', () => {
    expect(canonicalUrlFrom('https://a.test/x/y?utm_source=z#h', '/canonical?id=1')).toBe('https://a.test/canonical?id=1');
    expect(canonicalUrlFrom('https://a.test/', 'https://b.test/page')).toBe('https://b.test/page');
  });

  it('ignores an empty canonical link', () => {
    expect(canonicalUrlFrom('https://a.test/p#top', '  ')).toBe('https://a.test/p');
  });

  it('falls back to the page URL without hash and tracking parameters', () => {
    expect(
      canonicalUrlFrom(
        'https://a.test/p?utm_source=x&UTM_Medium=y&id=7&gclid=1&dclid=1&fbclid=2&msclkid=3&mc_cid=4&mc_eid=5&_ga=6&_gl=7&yclid=8&igshid=9&page=2#frag',
      ),
    ).toBe('https://a.test/p?id=7&page=2');
  });

  it('drops the question mark when only tracking parameters were present', () => {
    expect(canonicalUrlFrom('https://a.test/p?utm_campaign=spring')).toBe('https://a.test/p');
  });

  it('keeps the original query text when nothing is removed', () => {
    expect(stripTrackingParams('https://a.test/p?q=a+b&x=%20')).toBe('https://a.test/p?q=a+b&x=%20');
  });

  it('keeps parameters that merely contain a tracking name', () => {
    expect(stripTrackingParams('https://a.test/?my_gclid=1&utmost=2')).toBe('https://a.test/?my_gclid=1&utmost=2');
  });

  it('returns non-URLs unchanged', () => {
    expect(stripTrackingParams('not a url')).toBe('not a url');
  });
});

describe('canonicalUrlOf', () => {
  it('reads the canonical link of a document', () => {
    const doc = {
      URL: 'https://a.test/p?fbclid=1',
      querySelector: () => ({ getAttribute: () => 'https://a.test/canonical' }),
    } as unknown as Document;
    expect(canonicalUrlOf(doc)).toBe('https://a.test/canonical');
  });

  it('falls back to the document URL', () => {
    const doc = { URL: 'https://a.test/p?fbclid=1#x', querySelector: () => null } as unknown as Document;
    expect(canonicalUrlOf(doc)).toBe('https://a.test/p');
  });
});

describe('urlWithoutHash', () => {
  it('cuts at the first hash', () => {
    expect(urlWithoutHash('https://a.test/p?x=1#a#b')).toBe('https://a.test/p?x=1');
    expect(urlWithoutHash('https://a.test/p')).toBe('https://a.test/p');
  });
});
