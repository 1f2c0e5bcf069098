/**
 * /sections/:section — the section's header, "New post" for those who may post here, sort tabs,
 * tag and provenance filters (kept in the URL: ?sort=top&tag=…&provenance=…), and its posts,
 * 20 at a time, with Load more (also when the button scrolls into view).
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  canPostIn,
  limits,
  postSorts,
  postingRight,
  type PostSort,
  type Section,
} from '@atelier/shared';
import { isApiError } from '../../api/client.ts';
import { useCurrentUser } from '../../api/me.ts';
import { useSection, useSectionPosts, type PostListFilters } from '../../api/posts.ts';
import { translateError } from '../../components/errors.ts';
import { LoadFailedPage } from '../../components/LoadFailedPage.tsx';
import { Page } from '../../components/Page.tsx';
import { LoadMore } from '../../components/LoadMore.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { PostCard } from '../../components/PostCard.tsx';
import { isProvenance, ProvenanceFilter } from '../../components/ProvenanceFilter.tsx';
import { useLanguageCode } from '../../components/TagChips.tsx';
import { TagPicker } from '../../components/TagPicker.tsx';
import { useSetSearchParam } from '../../components/useSetSearchParam.ts';

const isSort = (v: string | null): v is PostSort =>
  (postSorts as readonly string[]).includes(v ?? '');

export default function SectionPage() {
  const { t } = useTranslation();
  const slug = useParams().section ?? '';
  const section = useSection(slug);
  if (section.isPending) return <PageSpinner />;
  if (section.isError) {
    return (
      <LoadFailedPage
        error={section.error}
        title={t('pages.section.title')}
        notFound={{ title: t('section.notFound'), body: t('section.notFoundBody') }}
      />
    );
  }
  return <SectionView section={section.data} />;
}

function SectionView({ section }: { section: Section }) {
  const { t } = useTranslation();
  const lng = useLanguageCode();
  const me = useCurrentUser();
  const [params] = useSearchParams();
  const sortParam = params.get('sort');
  const provenanceParam = params.get('provenance');
  const filters: PostListFilters = {
    sort: isSort(sortParam) ? sortParam : 'new',
    tag: params.get('tag') ?? undefined,
    provenance: isProvenance(provenanceParam) ? provenanceParam : undefined,
  };
  const posts = useSectionPosts(section.slug, filters);
  const setParam = useSetSearchParam();
  const right = me ? postingRight(me.roles, section.type) : 'no';
  const items = posts.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(filters.tag ?? filters.provenance);

  return (
    <Page
      title={section.name[lng] || section.name.en}
      intro={
        <Stack spacing={1.5}>
          <span>{section.description[lng] || section.description.en}</span>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip size="small" label={t(`home.sectionTypes.${section.type}`)} />
            <Typography variant="body2" color="text.secondary" component="span">
              {t('home.postCount', { count: section.postCount })}
            </Typography>
          </Stack>
        </Stack>
      }
    >
      {me && canPostIn(me.roles, section.type) ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Button
            component={RouterLink}
            to={`/posts/new?section=${encodeURIComponent(section.slug)}`}
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('section.newPost')}
          </Button>
          {right === 'limited' ? (
            <Typography variant="body2" color="text.secondary">
              {t('section.probationNote', { count: limits.probationPostsPerDay })}
            </Typography>
          ) : null}
        </Stack>
      ) : me ? (
        // No "New post" here: say why, so a member is not left looking for it.
        <Alert severity="info">
          {t('section.cannotPost', { type: t(`section.creatorTypes.${section.type}`) })}
        </Alert>
      ) : null}

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Tabs
          value={filters.sort}
          onChange={(_, value: PostSort) => setParam('sort', value === 'new' ? undefined : value)}
          aria-label={t('section.sortLabel')}
        >
          <Tab value="new" label={t('section.sort.new')} />
          <Tab value="top" label={t('section.sort.top')} />
        </Tabs>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ minWidth: { md: 520 } }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <TagPicker
              label={t('section.tagFilter')}
              multiple={false}
              value={filters.tag ? [filters.tag] : []}
              onChange={(ids) => setParam('tag', ids[0])}
              size="small"
              id="section-tag-filter"
            />
          </Box>
          <ProvenanceFilter
            labelId="provenance-filter-label"
            value={filters.provenance}
            onChange={(value) => setParam('provenance', value)}
            sx={{ flex: 1, minWidth: 200 }}
          />
        </Stack>
      </Stack>

      {posts.isPending ? <PageSpinner /> : null}
      {posts.isError ? (
        <Alert severity="error">
          {translateError(t, isApiError(posts.error) ? posts.error.code : null)}
        </Alert>
      ) : null}
      {posts.isSuccess && items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {filtered ? t('section.emptyFiltered') : t('section.empty')}
        </Typography>
      ) : null}
      {items.length > 0 ? (
        <Stack
          component="ul"
          spacing={2}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={t('section.postsLabel')}
        >
          {items.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </Stack>
      ) : null}
      <LoadMore query={posts} label={t('section.loadMore')} />
    </Page>
  );
}
