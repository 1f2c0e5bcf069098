/**
 * A top-bar button that opens a menu whose code loads on use: the menu's anchor while open, and
 * the button's props (ARIA for the menu `menuId`; hovering or focusing starts loading the code).
 */
import { useState, type MouseEvent } from 'react';

export function useLazyMenu(menuId: string, load: () => Promise<unknown>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return {
    anchor,
    close: () => setAnchor(null),
    buttonProps: {
      'aria-haspopup': 'menu',
      'aria-controls': anchor ? menuId : undefined,
      'aria-expanded': anchor ? 'true' : undefined,
      onPointerEnter: () => void load(),
      onFocus: () => void load(),
      onClick: (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget),
    } as const,
  };
}
