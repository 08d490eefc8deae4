/**
 * The editor's stylesheet. Inside the widget it goes through the mount's `adoptStyles` (once, with
 * the CSP nonce fallback); rendered anywhere else (tests, the review app) it is adopted by the
 * nearest shadow root or the document (../document-styles.ts, CSP-safe).
 */
import { useContext, useLayoutEffect } from 'preact/hooks';
import type { RefObject } from 'preact';
import { Widget } from '../hooks';
import { adoptOutside } from '../document-styles';
import css from './editor.css?inline';

export function useEditorStyles(element: RefObject<HTMLElement>): void {
  const widget = useContext(Widget);
  useLayoutEffect(() => {
    if (widget) return widget.adoptStyles(css);
    const root = element.current?.getRootNode() as Document | ShadowRoot | undefined;
    if (root instanceof ShadowRoot || root instanceof Document) adoptOutside(root, css);
  }, []);
}
