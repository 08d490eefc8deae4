/**
 * The launcher a visitor sees before the widget has arrived: the same element, styles, place, name
 * and theme as the widget's own (ui/host-element.ts, ui/base.css, ui/dock.css, ui/screen.ts), built
 * with plain DOM calls so it costs a few KB instead of the whole widget. The widget replaces it in
 * one task when it mounts (runtime.ts), moving focus over if it had it.
 */
import type { PinmarkOptions } from '../types';
import baseCss from '../ui/base.css?inline';
import dockCss from '../ui/dock.css?inline';
import { applyStyles, HOST_TAG, keepAttached, markLauncherVisible, raiseToTopLayer } from '../ui/host-element';
import { launcherWords } from '../ui/i18n/launcher-words';
import { resolveLocale } from '../ui/i18n/locale';
import { LAUNCHER_ICON } from '../ui/launcher-icon';
import { watchScreen } from '../ui/screen';
import { ListenerCollection } from '../util/listener-collection';
import { watchIntent } from './intent';
import { watchPress, type PressWatch } from './press';

export type VisitorOptions = Pick<PinmarkOptions, 'theme' | 'locale' | 'nonce' | 'strings'>;

export interface VisitorHooks {
  /** The visitor may want to comment: download the widget now. */
  intent(): void;
  /** The visitor pressed the launcher before the widget arrived: what it will do once it has. */
  open(): void;
}

export interface VisitorLauncher extends PressWatch {
  /** Keyboard focus is on this launcher (the widget's own gets it next). */
  hasFocus(): boolean;
  /** Takes keyboard focus (a launcher drawn again for new options keeps it). */
  focus(): void;
  /** Takes the launcher and everything it registered off the page. */
  remove(): void;
}

const SVG = 'http://www.w3.org/2000/svg';

export function showVisitorLauncher(options: VisitorOptions, hooks: VisitorHooks): VisitorLauncher {
  const listeners = new ListenerCollection((error) => console.warn('[pinmark]', error));
  const host = document.createElement(HOST_TAG);
  host.setAttribute('data-theme', options.theme ?? 'light');
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  container.className = 'pm';
  const locale = resolveLocale(options.locale);
  container.lang = locale.tag;
  container.dir = locale.dir;
  applyStyles(shadow, `${baseCss}\n${dockCss}`, options.nonce, container);
  shadow.append(container);

  const layer = element('div', 'pm-screen', container);
  const dock = element('div', 'pm-dock', layer);
  const button = element('button', 'pm-launcher', dock);
  button.type = 'button';
  const name = nameFor(options, locale.table);
  button.setAttribute('aria-label', name);
  button.setAttribute('aria-pressed', 'false');
  button.title = name;
  const icon = document.createElementNS(SVG, 'svg');
  for (const [key, value] of Object.entries({
    viewBox: '0 0 24 24',
    width: '24',
    height: '24',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    icon.setAttribute(key, value);
  }
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', LAUNCHER_ICON);
  path.setAttribute('fill', 'currentColor');
  icon.append(path);
  button.append(icon);

  listeners.add(button, 'click', () => {
    // Pressed while the widget is on its way: say so, and let the widget open when it is here.
    button.setAttribute('aria-busy', 'true');
    button.classList.add('pm-launcher--loading');
    hooks.open();
  });
  watchIntent(button, listeners, () => hooks.intent());
  const press = watchPress(button, listeners);
  const screen = watchScreen(listeners);
  screen.setLayer(layer);

  document.body.append(host);
  raiseToTopLayer(host);
  keepAttached(host, listeners);
  markLauncherVisible();

  return {
    hasFocus: () => shadow.activeElement === button,
    focus: () => button.focus({ preventScroll: true }),
    afterPress: press.afterPress,
    remove() {
      listeners.removeAll();
      host.remove();
    },
  };
}

/** The host's own word for the launcher (the `strings` option), else the table's. */
function nameFor(options: VisitorOptions, table: 'en' | 'de'): string {
  const own = (options.strings as { launcher?: { addComment?: unknown } } | undefined)?.launcher?.addComment;
  return typeof own === 'string' && own.trim() ? own : launcherWords[table];
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: Node): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  parent.appendChild(node);
  return node;
}
