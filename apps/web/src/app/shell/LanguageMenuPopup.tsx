import Menu from '@mui/material/Menu';
import { useLanguageItems } from './LanguageItems.tsx';

export default function LanguageMenuPopup({
  anchor,
  onClose,
}: {
  anchor: HTMLElement;
  onClose: () => void;
}) {
  const items = useLanguageItems(onClose);
  return (
    <Menu id="language-menu" anchorEl={anchor} open onClose={onClose}>
      {items}
    </Menu>
  );
}
