/**
 * The top bar's search (users with access): a field on wide screens, a search button that opens
 * the field over the bar on phones (below md). Enter goes to /search?q=…; on /search the field
 * shows the current query. Breakpoints are CSS only, and the input is a plain <input>: the top bar
 * is in the initial bundle (170 KB budget).
 */
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';

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

  // The person just asked for the field: put the cursor in it.
  useEffect(() => {
    if (expanded) input.current?.focus();
  }, [expanded]);

  // Follow the URL when it changes (back/forward, a new search from the page).
  if (shown !== current) {
    setShown(current);
    setValue(current);
  }

  const collapse = () => {
    if (!expanded) return;
    setExpanded(false);
    opener.current?.focus();
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const q = value.trim();
    if (!q) return;
    void navigate(`/search?q=${encodeURIComponent(q)}`);
    setExpanded(false);
    input.current?.blur();
  };

  return (
    <>
      <IconButton
        ref={opener}
        color="inherit"
        aria-label={t('search.open')}
        aria-expanded={expanded}
        onClick={() => setExpanded(true)}
        sx={{ display: { xs: expanded ? 'none' : 'inline-flex', md: 'none' } }}
      >
        <SearchIcon />
      </IconButton>
      <Box
        component="form"
        role="search"
        onSubmit={submit}
        sx={{
          display: { xs: expanded ? 'flex' : 'none', md: 'flex' },
          alignItems: 'center',
          bgcolor: { xs: 'background.paper', md: 'action.hover' },
          border: { xs: 1, md: 0 },
          borderColor: 'divider',
          borderRadius: 2,
          px: 1,
          minWidth: 0,
          '&:focus-within': { outline: 2, outlineColor: 'primary.main' },
          flex: { md: '0 1 320px' },
          position: { xs: 'absolute', md: 'static' },
          inset: { xs: 8 },
          zIndex: 2,
        }}
      >
        <SearchIcon fontSize="small" sx={{ color: 'text.secondary', mr: 1 }} aria-hidden />
        <Box
          component="input"
          ref={input}
          type="search"
          enterKeyHint="search"
          maxLength={200}
          value={value}
          onChange={(e: ChangeEvent<HTMLInputElement>) => setValue(e.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          onKeyDown={(e: KeyboardEvent) => {
            if (e.key === 'Escape') collapse();
          }}
          sx={{
            flex: 1,
            minWidth: 0,
            py: 1,
            border: 0,
            outline: 0,
            bgcolor: 'transparent',
            color: 'text.primary',
            font: 'inherit',
            fontSize: '0.95rem',
            '&::placeholder': { color: 'text.secondary', opacity: 1 },
          }}
        />
        <IconButton
          size="small"
          aria-label={t('search.close')}
          onClick={collapse}
          sx={{ display: { md: 'none' } }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
    </>
  );
}
