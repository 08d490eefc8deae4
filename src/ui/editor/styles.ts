/**
 * The editor's stylesheet. Inside the widget it goes through the mount's `adoptStyles` (once, with
 * the CSP nonce fallback); rendered anywhere else (tests, another host) a <style> goes into the
 * nearest shadow root or the document.
 */
import { useContext, useLayoutEffect } from 'preact/hooks';
import type { RefObject } from 'preact';
import { Widget } from '../hooks';
import css from './editor.css?inline';

const styled = new WeakSet<Node>();

export function useEditorStyles(element: RefObject<HTMLElement>): void {
  const widget = useContext(Widget);
  useLayoutEffect(() => {
    if (widget) return widget.adoptStyles(css);
    const root = element.current?.getRootNode() as Document | ShadowRoot | undefined;
    if (!root || styled.has(root)) return;
    styled.add(root);
    const style = document.createElement('style');
    style.textContent = css;
    (root instanceof ShadowRoot ? root : document.head).append(style);
  }, []);
}
