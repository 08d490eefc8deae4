/**
 * The palette (src/ui/palette.css), one source for the widget and the review app: every colour
 * names a light and a dark value (`var(--pm-dark-on, LIGHT) var(--pm-light-on, DARK)`), the theme
 * switches are set for the dark theme and for the system theme under a dark colour scheme, both
 * documents' selectors are there, and every text/background pair of both palettes meets WCAG AA
 * (4.5:1) and focus rings 3:1 — axe checks what is on screen, this checks the pairs no e2e state
 * happens to show. The app's own additions (app/styles/tokens.css) are held to the same rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const palette = readFileSync(new URL('./palette.css', import.meta.url), 'utf8');
const appTokens = readFileSync(new URL('../../app/styles/tokens.css', import.meta.url), 'utf8');
const base = readFileSync(new URL('./base.css', import.meta.url), 'utf8');

function block(css: string, selector: string): string {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  return css.slice(start + selector.length + 2, css.indexOf('}', start));
}

const SWITCHED = /^var\(--pm-dark-on, (.+)\) var\(--pm-light-on, (.+)\)$/;

/** Each variable's value in the light and the dark theme. */
function themes(body: string): { light: Record<string, string>; dark: Record<string, string> } {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const match of body.matchAll(/(--pinmark-[\w-]+|--app-[\w-]+):\s*([^;]+);/g)) {
    const [, name, value] = match as unknown as [string, string, string];
    const switched = SWITCHED.exec(value.trim());
    light[name] = switched ? switched[1]! : value.trim();
    dark[name] = switched ? switched[2]! : value.trim();
  }
  return { light, dark };
}

const shared = themes(block(palette, ':host,\n:root'));
const app = themes(block(appTokens, ':root'));

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

describe('the palette', () => {
  it('starts light in both documents and switches to dark for "dark" and for "system" in a dark colour scheme', () => {
    expect(block(palette, ':host,\n:root')).toMatch(/--pm-light-on: ;\s+--pm-dark-on: initial;/);
    const dark = block(palette, ":host([data-theme='dark']),\n:root[data-theme='dark']");
    const system = block(palette, ":host([data-theme='system']),\n  :root[data-theme='system']");
    for (const body of [dark, system]) expect(body).toMatch(/--pm-light-on: initial;\s+--pm-dark-on: ;/);
    expect(palette.indexOf(":host([data-theme='system'])")).toBeGreaterThan(palette.indexOf('@media (prefers-color-scheme: dark)'));
  });

  it('is written once: neither the widget nor the app declares a shared colour of its own', () => {
    expect(base).toMatch(/^@import '\.\/palette\.css';/);
    expect(appTokens).toContain("@import '../../src/ui/palette.css';");
    expect(base).not.toMatch(/^\s+--pinmark-(accent|surface|text|muted):/m);
    // The app overrides only what it documents: its radius and the resolved badge on a chip.
    expect(
      Object.keys(app.light)
        .filter((name) => name.startsWith('--pinmark-'))
        .sort(),
    ).toEqual(['--pinmark-radius', '--pinmark-resolved']);
  });

  it('gives every colour a light and a dark value, both six-digit hex or rgba', () => {
    for (const [name, value] of Object.entries({ ...shared.light, ...shared.dark })) {
      if (/radius|font|shadow|focus/.test(name)) continue;
      expect(value, name).toMatch(/^(#[0-9a-f]{6}|rgba\([\d.,\s]+\))$/);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: text pairs are at least 4.5:1, the focus ring 3:1 (widget and app)`, () => {
      const palette = { ...shared[theme] };
      const v = (name: string, from: Record<string, string> = palette) => {
        const value = from[name]!;
        return value.startsWith('var(') ? from[value.slice(4, -1)]! : value;
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
      for (const [fg, bg] of pairs)
        expect(contrast(v(`--pinmark-${fg}`), v(`--pinmark-${bg}`)), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v('--pinmark-focus'), v('--pinmark-surface')), 'focus ring on surface').toBeGreaterThanOrEqual(3);
      expect(contrast(v('--pinmark-field-border'), v('--pinmark-surface')), 'text field border').toBeGreaterThanOrEqual(3);

      const inApp = { ...palette, ...app[theme] };
      for (const [fg, bg] of [
        ['--pinmark-text', '--app-bg'],
        ['--pinmark-muted', '--app-bg'],
        ['--pinmark-text', '--app-row-selected'],
        ['--pinmark-muted', '--app-row-hover'],
        ['--pinmark-resolved', '--app-chip'],
        ['--pinmark-danger', '--app-danger-surface'],
      ] as const)
        expect(contrast(v(fg, inApp), v(bg, inApp)), `app: ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    });
  }
});
