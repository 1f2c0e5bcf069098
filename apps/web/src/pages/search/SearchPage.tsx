/**
 * /search?q=…&kind=… — results of GET /api/search in tabs: All (a few of each), Posts, Users, Tags.
 * The query comes from the top bar's search field (or the field on this page on phones).
 */
import { useState, type SyntheticEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { TextInput } from '../../components/TextInput.tsx';
import Typography from '@mui/material/Typography';
import {
  searchKinds,
  searchLimits,
  tagLabel,
  type PublicUser,
  type SearchKind,
  type SearchResults,
  type Tag,
} from '@atelier/shared';
import { isApiError } from '../../api/client.ts';
import { isSearchable, mergePages, useSearch, type SearchFilters } from '../../api/search.ts';
import { useSections } from '../../api/sections.ts';
import { translateError } from '../../components/errors.ts';
import { LoadMoreButton } from '../../components/LoadMore.tsx';
import { MaterialIcon } from '../../components/MaterialIcon.tsx';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { PostCard } from '../../components/PostCard.tsx';
import { isProvenance, ProvenanceFilter } from '../../components/ProvenanceFilter.tsx';
import { RoleLabel } from '../../components/RoleLabel.tsx';
import { useLanguageCode } from '../../components/TagChips.tsx';
import { TagPicker } from '../../components/TagPicker.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useSetSearchParam } from '../../components/useSetSearchParam.ts';

const isKind = (v: string | null): v is SearchKind =>
  (searchKinds as readonly string[]).includes(v ?? '');
/** How many of each kind the All tab shows before "See all". */
const allPreview = 5;

export default function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const kindParam = params.get('kind');
  const kind: SearchKind = isKind(kindParam) ? kindParam : 'all';
  const provenance = params.get('provenance');
  const filters: SearchFilters = {
    section: params.get('section') || undefined,
    tag: params.get('tag') || undefined,
    provenance: isProvenance(provenance) ? provenance : undefined,
    author: params.get('author') || undefined,
  };
  const results = useSearch(q, kind, filters);
  const data = results.data ? mergePages(results.data.pages) : undefined;
  const setParam = useSetSearchParam();
  const setKind = (next: SearchKind) => setParam('kind', next === 'all' ? undefined : next);
  const tooShort = (q && !isSearchable(q)) || data?.tooShort;

  return (
    <Page title={q ? t('search.titleFor', { q }) : t('search.title')}>
      <QueryField
        initial={q}
        onSearch={(next) =>
          setParams((prev) => {
            const p = new URLSearchParams(prev);
            p.set('q', next);
            return p;
          })
        }
      />
      {q ? (
        <>
          <Tabs
            value={kind}
            onChange={(_, v: SearchKind) => setKind(v)}
            aria-label={t('search.kinds')}
            variant="scrollable"
            sx={{ '& .MuiTab-root': { minWidth: 0, px: { xs: 1.5, sm: 2 } } }}
          >
            {searchKinds.map((k) => (
              <Tab key={k} value={k} label={t(`search.kind.${k}`)} />
            ))}
          </Tabs>
          {kind === 'all' || kind === 'posts' ? (
            <Filters filters={filters} onChange={setParam} />
          ) : null}
          {tooShort ? (
            <Typography color="text.secondary" role="status">
              {t('search.tooShort', { count: searchLimits.minLength })}
            </Typography>
          ) : (
            <>
              {results.isPending ? <PageSpinner /> : null}
              {results.isError ? (
                <Alert severity="error">
                  {translateError(t, isApiError(results.error) ? results.error.code : null)}
                </Alert>
              ) : null}
              {data ? (
                <Results
                  data={data}
                  kind={kind}
                  onKind={setKind}
                  stale={results.isPlaceholderData}
                />
              ) : null}
              {kind === 'posts' ? (
                <LoadMoreButton query={results} label={t('search.loadMore')} variant="text" />
              ) : null}
            </>
          )}
        </>
      ) : (
        <Typography color="text.secondary">{t('search.prompt')}</Typography>
      )}
    </Page>
  );
}

/** Post filters: section, tag, provenance (selects) and author (a username). */
function Filters({
  filters,
  onChange,
}: {
  filters: SearchFilters;
  onChange: (name: string, value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const lng = useLanguageCode();
  const sections = useSections();
  const [author, setAuthor] = useState(filters.author ?? '');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      component="section"
      aria-label={t('search.filters')}
      sx={{ flexWrap: 'wrap', '& > *': { flex: 1, minWidth: { sm: 180 } } }}
    >
      <FormControl size="small">
        <InputLabel id="search-section-label">{t('search.filter.section')}</InputLabel>
        <Select
          labelId="search-section-label"
          label={t('search.filter.section')}
          value={filters.section ?? ''}
          onChange={(event) => onChange('section', event.target.value || undefined)}
        >
          <MenuItem value="">{t('search.filter.anySection')}</MenuItem>
          {(sections.data ?? []).map((s) => (
            <MenuItem key={s.slug} value={s.slug}>
              {s.name[lng] || s.name.en}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box>
        <TagPicker
          label={t('search.filter.tag')}
          multiple={false}
          value={filters.tag ? [filters.tag] : []}
          onChange={(ids) => onChange('tag', ids[0])}
          size="small"
          id="search-tag-filter"
        />
      </Box>
      <ProvenanceFilter
        labelId="search-provenance-label"
        value={filters.provenance}
        onChange={(value) => onChange('provenance', value)}
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onChange('author', author.trim() || undefined);
        }}
      >
        <TextInput
          fullWidth
          size="small"
          label={t('search.filter.author')}
          value={author}
          onChange={(e) => setAuthor(e.target.value)}
          onBlur={() => onChange('author', author.trim() || undefined)}
          maxLength={100}
        />
      </form>
    </Stack>
  );
}

/** The page's own field: the top bar shows only an icon on phones, and a refined query is handy anyway. */
function QueryField({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setValue(initial);
  }
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (value.trim()) onSearch(value.trim());
  };
  return (
    <form role="search" onSubmit={submit}>
      <TextInput
        fullWidth
        size="small"
        type="search"
        label={t('search.label')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        maxLength={200}
        enterKeyHint="search"
        startAdornment={<MaterialIcon name="search" size="small" />}
      />
    </form>
  );
}

function Results({
  data,
  kind,
  onKind,
  stale,
}: {
  data: SearchResults;
  kind: SearchKind;
  onKind: (k: SearchKind) => void;
  stale: boolean;
}) {
  const { t } = useTranslation();
  const empty = data.posts.length + data.users.length + data.tags.length === 0;
  if (empty) return <Typography color="text.secondary">{t('search.noResults')}</Typography>;
  const sx = { opacity: stale ? 0.6 : 1, transition: 'opacity 0.2s' };
  if (kind === 'posts')
    return <Stack sx={sx}>{data.posts.length ? <PostList posts={data.posts} /> : <None />}</Stack>;
  if (kind === 'users')
    return <Stack sx={sx}>{data.users.length ? <UserList users={data.users} /> : <None />}</Stack>;
  if (kind === 'tags')
    return <Stack sx={sx}>{data.tags.length ? <TagList tags={data.tags} /> : <None />}</Stack>;
  // "All": a preview of each kind, with a link to all of it.
  const preview = (k: 'posts' | 'users' | 'tags', count: number, list: ReactNode) => (
    <Group title={t(`search.kind.${k}`)} count={count} onMore={() => onKind(k)}>
      {list}
    </Group>
  );
  return (
    <Stack spacing={4} sx={sx}>
      {preview('posts', data.posts.length, <PostList posts={data.posts.slice(0, allPreview)} />)}
      {preview('users', data.users.length, <UserList users={data.users.slice(0, allPreview)} />)}
      {preview('tags', data.tags.length, <TagList tags={data.tags.slice(0, allPreview * 2)} />)}
    </Stack>
  );
}

function None() {
  const { t } = useTranslation();
  return <Typography color="text.secondary">{t('search.noResultsKind')}</Typography>;
}

function Group({
  title,
  count,
  onMore,
  children,
}: {
  title: string;
  count: number;
  onMore: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Button size="small" onClick={onMore}>
          {t('search.seeAll')}
        </Button>
      </Stack>
      {children}
    </Stack>
  );
}

function PostList({ posts }: { posts: SearchResults['posts'] }) {
  const lng = useLanguageCode();
  const sections = useSections();
  const sectionName = (slug: string) => {
    const section = sections.data?.find((s) => s.slug === slug);
    return section ? section.name[lng] || section.name.en : null;
  };
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard
            post={post}
            sectionLabel={sectionName(post.section)}
            highlight={post.highlight}
          />
        </li>
      ))}
    </Stack>
  );
}

function UserList({ users }: { users: PublicUser[] }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {users.map((user) => (
        <li key={user.id}>
          <Card variant="outlined" sx={{ px: 2, py: 1.25, borderRadius: 3 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <UserAvatar username={user.username} avatarPath={user.avatarPath} />
              <Stack sx={{ minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={`/users/${user.id}`}
                  underline="hover"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {user.username}
                </Link>
                <RoleLabel role={user.displayedRole} variant="caption" />
              </Stack>
            </Stack>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

function TagList({ tags }: { tags: Tag[] }) {
  const { t } = useTranslation();
  const lng = useLanguageCode();
  return (
    <Stack
      direction="row"
      component="ul"
      sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {tags.map((tag) => (
        <li key={tag.id}>
          <Chip
            component={RouterLink}
            to={`/search?q=${encodeURIComponent(tagLabel(tag, lng))}&kind=posts`}
            clickable
            label={`#${tagLabel(tag, lng)} · ${t('home.postCount', { count: tag.postCount })}`}
          />
        </li>
      ))}
    </Stack>
  );
}
