/**
 * The theme (light, dark or the system's), remembered in localStorage and set as `data-theme` on
 * the document, which the stylesheets read (styles/tokens.css: the widget's own palette).
 */
import { signal } from '@preact/signals';

export type Theme = 'light' | 'dark' | 'system';
const KEY = 'pinmark-app-theme';

function initial(): Theme {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'light' || saved === 'dark' || saved === 'system') return saved;
  } catch {
    // Storage blocked.
  }
  return 'system';
}

export const theme = signal<Theme>(initial());

export function setTheme(next: Theme): void {
  theme.value = next;
  document.documentElement.dataset.theme = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // Applied, not remembered.
  }
}

export function applyTheme(): void {
  document.documentElement.dataset.theme = theme.peek();
}
