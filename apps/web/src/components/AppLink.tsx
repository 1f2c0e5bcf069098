/**
 * A link to a page of the app (`to`: an absolute path, `/posts/…`): a plain `<a href>` whose left
 * click (no modifier key, this tab) navigates through the router instead of loading the page, as
 * React Router's `<Link>` does — without that component's work per link (it resolves its path
 * twice against the route matches, sets up a prefetch behaviour and builds its click handler on
 * every render: a thread's items each hold one or two, the top bar four). The router's `navigate`
 * is read from one context, set once under the router (`AppNavigationProvider`, App.tsx); without
 * it (a component rendered alone in a test) the link asks the router itself.
 */
import {
  createContext,
  forwardRef,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

type Navigate = (to: string, options: { replace: boolean }) => void;

const NavigationContext = createContext<Navigate | null>(null);

/** Provides the router's `navigate` to every AppLink, as one function that never changes. */
export function AppNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const latest = useRef<NavigateFunction>(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  // Links navigate from their click handlers, after the latest render has been committed.
  const [stable] = useState<Navigate>(() => (to: string, options: { replace: boolean }) => {
    void latest.current(to, options);
  });
  return <NavigationContext value={stable}>{children}</NavigationContext>;
}

/** A plain left click in this tab: the router's to handle (others open tabs, windows, menus). */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self')
  );
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of the app, with its query and hash if any. */
  to: string;
}

export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { to, onClick, children, ...rest },
  ref,
) {
  const provided = useContext(NavigationContext);
  // Whether there is a provider never changes during a link's life.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const routerNavigate = provided ? null : useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainClick(event)) return;
    event.preventDefault();
    // A link to the page one is on replaces it in the history, as React Router's does.
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    const options = { replace: here === to };
    if (provided) provided(to, options);
    else void routerNavigate?.(to, options);
  };
  return (
    <a {...rest} ref={ref} href={to} onClick={handleClick}>
      {children}
    </a>
  );
});
