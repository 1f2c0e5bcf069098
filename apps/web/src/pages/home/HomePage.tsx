/**
 * / — the map of sections (name and description in the interface language, post count, the latest
 * post with its author and time), the site's stats, and the status updates column (composer and
 * the latest updates). Desktop: sections and status updates side by side; mobile: stacked.
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCompactNumber, type HomeSection, type SiteStats } from '@atelier/shared';
import { useHome } from '../../api/home.ts';
import { deferredPart } from '../../components/AfterFirstPaint.tsx';
import { AuthorLine } from '../../components/AuthorLine.tsx';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { ProvenanceBadge } from '../../components/ProvenanceBadge.tsx';
import { useLanguageCode } from '../../components/TagChips.tsx';

/** The status updates (with the composer's form code) come after the sections have painted. */
const StatusColumn = deferredPart(() => import('./StatusColumn.tsx'));

export default function HomePage() {
  const { t } = useTranslation();
  const home = useHome();
  return (
    <Page title={t('home.title')} intro={t('home.intro')}>
      {home.isPending ? <PageSpinner /> : null}
      {home.isError ? <QueryError error={home.error} onRetry={() => void home.refetch()} /> : null}
      {home.data ? (
        <Grid container spacing={{ xs: 3, md: 4 }}>
          <Grid size={{ xs: 12, md: 7, lg: 8 }}>
            <Stack spacing={3} component="section" aria-label={t('home.sectionsHeading')}>
              <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {home.data.sections.map((section) => (
                  <Grid key={section.slug} size={{ xs: 12, sm: 6 }} component="li">
                    <SectionCard section={section} />
                  </Grid>
                ))}
              </Grid>
              <Stats stats={home.data.stats} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5, lg: 4 }}>
            <Stack spacing={2} component="section" aria-labelledby="home-status">
              <Stack
                direction="row"
                sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}
              >
                <Typography id="home-status" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
                  {t('home.statusHeading')}
                </Typography>
                <Link component={RouterLink} to="/status-updates" variant="body2">
                  {t('home.allStatusUpdates')}
                </Link>
              </Stack>
              <StatusColumn items={home.data.statusUpdates} />
            </Stack>
          </Grid>
        </Grid>
      ) : null}
    </Page>
  );
}

function SectionCard({ section }: { section: HomeSection }) {
  const { t } = useTranslation();
  const lng = useLanguageCode();
  const last = section.lastPost;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent
        sx={{ p: { xs: 2, sm: 2.5 }, height: '100%', '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}
      >
        <Stack spacing={1.5} sx={{ height: '100%' }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
          >
            <Typography variant="h6" component="h3" sx={{ lineHeight: 1.3 }}>
              <Link
                component={RouterLink}
                to={`/sections/${section.slug}`}
                color="inherit"
                underline="hover"
              >
                {section.name[lng] || section.name.en}
              </Link>
            </Typography>
            <Chip size="small" label={t(`home.sectionTypes.${section.type}`)} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {section.description[lng] || section.description.en}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('home.postCount', { count: section.postCount })}
          </Typography>
          <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
            {last ? (
              <Stack spacing={0.75}>
                <Typography variant="caption" color="text.secondary">
                  {t('home.latestPost')}
                </Typography>
                <Link
                  component={RouterLink}
                  to={`/posts/${last.id}`}
                  underline="hover"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {last.title}
                </Link>
                <AuthorLine author={last.author} timestamp={last.createdAt} size="small" />
                <div>
                  <ProvenanceBadge provenance={last.provenance} />
                </div>
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('home.noPostsYet')}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Stats({ stats }: { stats: SiteStats }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const items = [
    ['members', stats.members],
    ['posts', stats.posts],
    ['comments', stats.comments],
    ['statusUpdates', stats.statusUpdates],
  ] as const;
  return (
    <Card variant="outlined" component="section" aria-labelledby="home-stats">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography
          id="home-stats"
          variant="subtitle2"
          component="h2"
          color="text.secondary"
          sx={{ mb: 1.5 }}
        >
          {t('home.statsHeading')}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
            gap: 2,
            m: 0,
          }}
        >
          {items.map(([key, value]) => (
            <Box key={key} sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`home.stats.${key}`, { count: value })}
              </Typography>
              <Typography
                component="dd"
                variant="h5"
                sx={{ m: 0, fontWeight: 700 }}
                title={String(value)}
              >
                {formatCompactNumber(value, lng)}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
