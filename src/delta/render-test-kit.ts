/**
 * Shared by the renderDelta tests (render.test.ts, render-hostile.test.ts): mounts a Delta's
 * rendering into a fresh container on the page, and unmounts and removes them all after each test.
 */
import { render } from 'preact';
import { renderDelta } from './index';

export const containers: HTMLElement[] = [];

/** For `afterEach`: unmount and remove every container mount() made. */
export function unmountAll(): void {
  for (const container of containers.splice(0)) {
    render(null, container);
    container.remove();
  }
}

export function mount(delta: unknown): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  containers.push(container);
  render(renderDelta(delta), container);
  return container;
}
