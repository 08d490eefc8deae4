/** What a person types as a link address, made into a link Pinmark stores, or null if it cannot be one. */
import { safeLink } from '../../delta/dom';

export function linkFromInput(input: string): string | null {
  let url = input.trim();
  if (!url) return null;
  // "example.com", "localhost:3000/x" and "ada@example.com" have no scheme (a colon before digits is a port).
  if (!/^[a-z][a-z\d+.-]*:(?!\d)/i.test(url)) url = (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(url) ? 'mailto:' : 'https://') + url;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'mailto:' && !parsed.hostname) return null;
  } catch {
    return null;
  }
  return safeLink(url);
}
