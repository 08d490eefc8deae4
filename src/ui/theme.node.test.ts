/**
 * The themes in base.css: the dark palette is written twice (`theme: 'dark'` and `theme: 'system'`
 * under a dark colour scheme) and the two must not drift; every text/background pair of both
 * palettes meets WCAG AA (4.5:1) and focus rings 3:1 — axe checks what is on screen, this checks
 * the pairs no e2e state happens to show.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./base.css', import.meta.url), 'utf8');

function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  return css.slice(start + selector.length + 2, css.indexOf('}', start));
}

function variables(body: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) found[match[1]!] = match[2]!.trim();
  return found;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const light = variables(block(':host'));
const dark = { ...light, ...variables(block(":host([data-theme='dark'])")) };

describe('themes', () => {
  it('writes the dark palette identically for "dark" and for "system" in a dark colour scheme', () => {
    const system = block(":host([data-theme='system'])");
    expect(css.indexOf(":host([data-theme='system'])")).toBeGreaterThan(css.indexOf('@media (prefers-color-scheme: dark)'));
    expect(variables(system)).toEqual(variables(block(":host([data-theme='dark'])")));
    expect(system).toContain('color-scheme: dark');
  });

  it.each([
    ['light', light],
    ['dark', dark],
  ])('%s: text pairs are at least 4.5:1, the focus ring 3:1', (_name, palette) => {
    const v = (name: string) => {
      const value = palette[`--pinmark-${name}`]!;
      return value.startsWith('var(') ? palette[value.slice(4, -1)]! : value;
    };
    const pairs: [string, string][] = [
      ['text', 'surface'],
      ['muted', 'surface'],
      ['accent', 'surface'],
      ['danger', 'surface'],
      ['accent-contrast', 'accent'],
      ['danger-contrast', 'danger'],
      ['accent-contrast', 'resolved'],
      ['success', 'success-surface'],
      ['warning', 'warning-surface'],
      ['inverse-text', 'inverse-surface'],
    ];
    for (const [fg, bg] of pairs) expect(contrast(v(fg), v(bg)), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v('focus'), v('surface')), 'focus ring on surface').toBeGreaterThanOrEqual(3);
    expect(contrast(v('field-border'), v('surface')), 'text field border').toBeGreaterThanOrEqual(3);
  });
});
