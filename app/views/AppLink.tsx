/** A link inside the app: a plain left click navigates without a page load; others act as links do. */
import type { ComponentChildren } from 'preact';
import { isPlainClick, navigate } from '../router/router';

export function AppLink({
  href,
  class: className,
  children,
  ...rest
}: {
  href: string;
  class?: string;
  children: ComponentChildren;
  [aria: `aria-${string}`]: string | undefined;
}) {
  return (
    <a
      href={href}
      class={className}
      {...rest}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
