/**
 * The URL a pin belongs to. Threads are shown on a page when their canonicalUrl equals the page's,
 * so this rule must be stable across visits: `<link rel="canonical">` wins; otherwise the address
 * without its hash and without tracking parameters that differ per visit (docs/api-decisions.md).
 */

const TRACKING_PARAMS = new Set(['gclid', 'dclid', 'fbclid', 'msclkid', 'mc_cid', 'mc_eid', '_ga', '_gl', 'yclid', 'igshid']);

export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

/** `pageUrl` without hash and tracking parameters; the string as given when it is not a URL. */
export function stripTrackingParams(pageUrl: string): string {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return pageUrl;
  }
  url.hash = '';
  const names = [...new Set([...url.searchParams.keys()])];
  for (const name of names) if (isTrackingParam(name)) url.searchParams.delete(name);
  // URLSearchParams re-serialises the query; only touch it when something was removed.
  if (!names.some(isTrackingParam)) url.search = new URL(pageUrl).search;
  return url.href;
}

/** Pure rule: the canonical link's href (resolved against the page) when present, else the cleaned page URL. */
export function canonicalUrlFrom(pageUrl: string, canonicalHref?: string | null): string {
  const href = canonicalHref?.trim();
  if (href) {
    try {
      return new URL(href, pageUrl).href;
    } catch {
      // An unparsable canonical link is ignored, like search engines do.
    }
  }
  return stripTrackingParams(pageUrl);
}

export function canonicalUrlOf(doc: Document): string {
  const link = doc.querySelector<HTMLLinkElement>('link[rel~="canonical" i][href]');
  return canonicalUrlFrom(doc.URL, link?.getAttribute('href'));
}

/** The page URL without its hash, for threads stored without a canonical URL. */
export function urlWithoutHash(pageUrl: string): string {
  const index = pageUrl.indexOf('#');
  return index === -1 ? pageUrl : pageUrl.slice(0, index);
}
