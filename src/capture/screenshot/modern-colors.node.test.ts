/** The computed-value rewriting that keeps html2canvas from choking, without a browser. */
import { describe, expect, test } from 'vitest';
import { needsRewrite, rewriteValue, type ColorConverter } from './modern-colors';

const seen: string[] = [];
const fake: ColorConverter = (fn, current) => {
  seen.push(`${fn}|${current}`);
  return 'rgb(1, 2, 3)';
};

describe('modern colour rewriting', () => {
  test('detects the functions html2canvas cannot parse, and only those', () => {
    for (const value of ['oklch(0.7 0.1 200)', 'lab(50 20 30)', 'LCH(1 2 3)', 'color(display-p3 1 0 0)', 'color-mix(in srgb, red, blue)']) {
      expect(needsRewrite(value), value).toBe(true);
    }
    expect(needsRewrite('linear-gradient(in hsl longer hue, red, blue)')).toBe(true);
    for (const value of [
      'rgb(1, 2, 3)',
      'rgba(0, 0, 0, 0.5) 0px 1px 2px 0px',
      'none',
      'url("a.png")',
      'linear-gradient(to right, red, blue)',
    ]) {
      expect(needsRewrite(value), value).toBe(false);
    }
  });

  test('replaces each function with balanced parentheses, leaves the rest alone', () => {
    expect(rewriteValue('oklch(0.5 0.1 20) 0px 1px 2px 0px, rgba(0, 0, 0, 0.1) 0px 0px 1px 0px', fake, 'black')).toBe(
      'rgb(1, 2, 3) 0px 1px 2px 0px, rgba(0, 0, 0, 0.1) 0px 0px 1px 0px',
    );
    expect(rewriteValue('color-mix(in oklab, oklch(0.5 0.1 20) 50%, lab(1 2 3))', fake, 'black')).toBe('rgb(1, 2, 3)');
    expect(rewriteValue('oklab(0.5 0.1 0.1)', fake, 'black')).toBe('rgb(1, 2, 3)');
  });

  test('does not touch URLs or strings that contain colour-like text', () => {
    const value = 'url("https://x.test/color(1).png"), linear-gradient(lab(1 2 3), red)';
    expect(rewriteValue(value, fake, 'black')).toBe('url("https://x.test/color(1).png"), linear-gradient(rgb(1, 2, 3), red)');
  });

  test('drops gradient colour interpolation html2canvas would read as a colour stop', () => {
    expect(rewriteValue('linear-gradient(to right in oklch, oklch(0.5 0.1 1), red)', fake, 'black')).toBe(
      'linear-gradient(to right, rgb(1, 2, 3), red)',
    );
    expect(rewriteValue('linear-gradient(in hsl longer hue, red, blue)', fake, 'black')).toBe('linear-gradient(red, blue)');
    expect(rewriteValue('conic-gradient(from 90deg at 50% 50% in oklab, red, blue)', fake, 'black')).toBe(
      'conic-gradient(from 90deg at 50% 50%, red, blue)',
    );
  });

  test('passes the current colour along for currentcolor inside color-mix', () => {
    seen.length = 0;
    rewriteValue('color-mix(in srgb, currentcolor 50%, red)', fake, 'rgb(9, 9, 9)');
    expect(seen).toEqual(['color-mix(in srgb, currentcolor 50%, red)|rgb(9, 9, 9)']);
  });
});
