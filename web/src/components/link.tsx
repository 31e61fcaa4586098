/**
 * A link to a page of the app. React Router's own click handling (`useHref` and
 * `useLinkClickHandler`, the library's documented way to make a link component of one's own): a
 * plain click navigates in the app, a click with a modifier key or the middle button opens a new
 * tab as any link does. Its `<Link>` adds framework mode's prefetching of route modules, which
 * this app has none of, and whose code (about 1 kB gzip) would join the first download, as the
 * library is one module (docs/performance.md §5).
 */
import type { ComponentPropsWithRef, MouseEvent } from "react";
import { useHref, useLinkClickHandler, type To } from "react-router-dom";

export interface LinkProps extends Omit<ComponentPropsWithRef<"a">, "href"> {
  to: To;
  /** Replaces the current entry of the history rather than adding one. */
  replace?: boolean;
}

export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}
