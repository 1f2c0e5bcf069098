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
import item from '../../components/item.module.css';
import css from './HomePage.module.css';

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

/**
 * One section: plain elements with the look of the MUI card they were (HomePage.module.css), as
 * the home shows one per section on its first screen.
 */
function SectionCard({ section }: { section: HomeSection }) {
  const { t } = useTranslation();
  const lng = useLanguageCode();
  const last = section.lastPost;
  const text = `${item.body2} ${item.secondary}`;
  return (
    <div className={css.card}>
      <div className={css.head}>
        <h3 className={css.name}>
          <RouterLink to={`/sections/${section.slug}`} className={css.link}>
            {section.name[lng] || section.name.en}
          </RouterLink>
        </h3>
        <span className={css.chip}>{t(`home.sectionTypes.${section.type}`)}</span>
      </div>
      <p className={`${text} ${css.grow}`}>{section.description[lng] || section.description.en}</p>
      <p className={text}>{t('home.postCount', { count: section.postCount })}</p>
      <div className={css.latest}>
        {last ? (
          <>
            <span className={`${item.caption} ${item.secondary}`}>{t('home.latestPost')}</span>
            <RouterLink to={`/posts/${last.id}`} className={css.postLink}>
              {last.title}
            </RouterLink>
            <AuthorLine author={last.author} timestamp={last.createdAt} size="small" />
            <div>
              <ProvenanceBadge provenance={last.provenance} />
            </div>
          </>
        ) : (
          <p className={text}>{t('home.noPostsYet')}</p>
        )}
      </div>
    </div>
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
