/** /series/:seriesId — a series: its title, author, description and its chapters in order, as cards. */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { useParams } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSeries } from '../../api/credits.ts';
import { AuthorLine } from '../../components/AuthorLine.tsx';
import { LoadFailedPage } from '../../components/LoadFailedPage.tsx';
import { Page } from '../../components/Page.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { PostCard } from '../../components/PostCard.tsx';

export default function SeriesPage() {
  const { t } = useTranslation();
  const id = useParams().seriesId ?? '';
  const series = useSeries(id);
  if (series.isPending) return <PageSpinner />;
  if (series.isError) {
    return (
      <LoadFailedPage
        width="medium"
        error={series.error}
        title={t('credits.seriesNotFound')}
        notFound={{ title: t('credits.seriesNotFound'), body: t('credits.seriesNotFoundBody') }}
        backHome={false}
      />
    );
  }
  const s = series.data;
  return (
    <Page
      width="medium"
      title={s.title}
      intro={
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('credits.seriesIntro', { count: s.chapterCount })}
          </Typography>
          <AuthorLine author={s.author} timestamp={s.createdAt} size="small" />
          {s.description ? <Typography>{s.description}</Typography> : null}
        </Stack>
      }
    >
      {s.chapters.length === 0 ? (
        <Typography color="text.secondary">{t('credits.noChapters')}</Typography>
      ) : (
        <Stack
          component="ol"
          spacing={1.5}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
          aria-label={t('credits.chapters')}
        >
          {s.chapters.map((c) => (
            <li key={c.post.id}>
              <PostCard post={c.post} sectionLabel={t('credits.part', { part: c.part })} />
            </li>
          ))}
        </Stack>
      )}
    </Page>
  );
}
