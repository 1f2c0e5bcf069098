/**
 * MUI's Tooltip, loaded and mounted the first time it is wanted: a list shows several tooltips
 * per item (a relative time's full date, a provenance's explanation), and each Tooltip is a
 * component with its own state and handlers on every render, plus Popper's code in the page's
 * first download. Until then the child carries the handlers that want it (pointer over, touch,
 * keyboard focus) and, for a text, the `title` MUI's Tooltip gives a closed one that describes its
 * child; from the first time on it opens and closes as MUI's does.
 */
import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type TouchEvent,
} from 'react';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

interface ChildProps {
  onMouseEnter?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onTouchStart?: (event: TouchEvent) => void;
  title?: string;
}

export function LazyTooltip({
  title,
  children,
}: {
  /** The tooltip's content; it describes the child (MUI's `describeChild`). */
  title: ReactNode;
  children: ReactElement<ChildProps>;
}) {
  // null until the tooltip is first wanted; then whether it shows.
  const [open, setOpen] = useState<boolean | null>(null);
  if (open === null) {
    const own = children.props;
    return cloneElement(children, {
      title: typeof title === 'string' ? title : undefined,
      onMouseEnter: (event: MouseEvent) => {
        own.onMouseEnter?.(event);
        setOpen(true);
      },
      onFocus: (event: FocusEvent) => {
        own.onFocus?.(event);
        setOpen(true);
      },
      onTouchStart: (event: TouchEvent) => {
        own.onTouchStart?.(event);
        setOpen(true);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Tooltip
        title={title}
        describeChild
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
      >
        {children}
      </Tooltip>
    </Suspense>
  );
}
