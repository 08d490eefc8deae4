/**
 * Test-only: the overlay engine mounted on its own (no widget, no server) in a shadow root like the
 * widget's, with plain pin elements, so tests and benchmarks can check placement on real layouts.
 */
import type { PinAnchor } from '../../state/model/anchoring';
import { PositionBoard } from '../positions';
import { OverlayEngine } from './engine';

export interface EngineRig {
  engine: OverlayEngine;
  host: HTMLElement;
  layer: HTMLElement;
  positions: PositionBoard;
  /** Adds a pin for `selector` at a spot (percent of the element's box) and returns its element. */
  pin(key: string, selector: string, at?: { x: number; y: number }): HTMLElement;
  /** Re-sends the targets (after pin() calls). */
  commit(): void;
  remove(): void;
}

export function anchorFor(selector: string, at = { x: 50, y: 50 }): PinAnchor {
  return {
    url: location.href,
    canonicalUrl: location.href,
    elements: [{ elementPath: selector, offsetXPercentage: at.x, offsetYPercentage: at.y }],
    elementParents: [],
    offsetXPercentage: Number.NaN,
    offsetYPercentage: Number.NaN,
  };
}

export function mountEngine(): EngineRig {
  const host = document.createElement('pinmark-root');
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  const layer = document.createElement('div');
  layer.style.cssText = 'position:fixed;inset:0;overflow:hidden;pointer-events:none';
  container.append(layer);
  shadow.append(container);
  host.style.cssText = 'all:initial;display:block;position:fixed;top:0;left:0;width:0;height:0;z-index:2147483000';
  document.body.append(host);
  const positions = new PositionBoard();
  const engine = new OverlayEngine({ host, positions });
  engine.setLayer(layer, container);
  const targets = new Map<string, PinAnchor>();
  return {
    engine,
    host,
    layer,
    positions,
    pin(key, selector, at) {
      const element = document.createElement('div');
      element.className = 'pm-pin';
      element.style.cssText =
        'position:absolute;top:0;left:0;width:20px;height:20px;translate:-50% -50%;border-radius:50%;background:#4f46e5;visibility:hidden';
      layer.append(element);
      targets.set(key, anchorFor(selector, at));
      engine.setTargets([...targets].map(([k, anchor]) => ({ key: k, anchor })));
      engine.attach(key, element);
      return element;
    },
    commit() {
      engine.setTargets([...targets].map(([key, anchor]) => ({ key, anchor })));
    },
    remove() {
      engine.destroy();
      host.remove();
    },
  };
}

/** Resolves after `count` animation frames. */
export async function frames(count = 2): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

export function centreOf(element: Element): { x: number; y: number } {
  const rect = element.getBoundingClientRect();
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** The spot at (x %, y %) of an element's border box, in viewport coordinates. */
export function spotOf(element: Element, at = { x: 50, y: 50 }): { x: number; y: number } {
  const rect = element.getBoundingClientRect();
  return { x: rect.left + (rect.width * at.x) / 100, y: rect.top + (rect.height * at.y) / 100 };
}

/** Drawn where it can be seen: visible and inside the viewport (parked pins are visible but far off screen). */
export function isDrawn(pin: HTMLElement): boolean {
  const { x, y } = centreOf(pin);
  return getComputedStyle(pin).visibility === 'visible' && x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight;
}
