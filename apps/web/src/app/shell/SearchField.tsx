/**
 * The top bar's search (users with access): a field on wide screens, a search button that opens
 * the field over the bar on phones (below md). Enter goes to /search?q=…; on /search the field
 * shows the current query. Breakpoints are CSS only, and every element is a plain one with the
 * look of the MUI components it was (shell.module.css): the top bar is in the initial bundle
 * (170 KB budget) and renders on every page.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ShellIcon } from './ShellIcon.tsx';
import css from './shell.module.css';

export function SearchField() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === '/search' ? (params.get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  const [shown, setShown] = useState(current);
  const [expanded, setExpanded] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  /** Closed with Escape or the close button: the focus goes back to the search button. */
  const refocus = useRef(false);

  // The person just asked for the field: put the cursor in it. Closed: back to the button, once it
  // shows again (it is hidden while the field is open, and a hidden button takes no focus).
  useEffect(() => {
    if (expanded) input.current?.focus();
    else if (refocus.current) {
      refocus.current = false;
      opener.current?.focus();
    }
  }, [expanded]);

  // Follow the URL when it changes (back/forward, a new search from the page).
  if (shown !== current) {
    setShown(current);
    setValue(current);
  }

  const collapse = () => {
    if (!expanded) return;
    refocus.current = true;
    setExpanded(false);
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const q = value.trim();
    if (!q) return;
    void navigate(`/search?q=${encodeURIComponent(q)}`);
    setExpanded(false);
    input.current?.blur();
  };

  const open = expanded ? ` ${css.expanded}` : '';
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={`${css.iconButton} ${css.searchOpen}${open}`}
        aria-label={t('search.open')}
        aria-expanded={expanded}
        onClick={() => setExpanded(true)}
      >
        <ShellIcon name="search" />
      </button>
      <form role="search" className={`${css.search}${open}`} onSubmit={submit}>
        <ShellIcon name="search" small className={css.searchIcon} />
        <input
          ref={input}
          className={css.searchInput}
          type="search"
          enterKeyHint="search"
          maxLength={200}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') collapse();
          }}
        />
        <button
          type="button"
          className={`${css.iconButton} ${css.active} ${css.small} ${css.searchClose}`}
          aria-label={t('search.close')}
          onClick={collapse}
        >
          <ShellIcon name="close" small />
        </button>
      </form>
    </>
  );
}
