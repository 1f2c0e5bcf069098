/**
 * A post's creators' credits (issue 11, item 8): its place in a series ("Series: … — part N of M"
 * with previous/next and the chapters), the posts it credits (translation of, remix of, inspired
 * by) and, on a source, its derivatives by kind ("Translations (1)"…), as cards.
 */
import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { creditKinds, type PostCredits } from '@atelier/shared';
import { usePostCredits } from '../../api/credits.ts';
import { PostCard } from '../../components/PostCard.tsx';

/** The button to the previous or next part of a series, named after that part; none at an end. */
function PartLink({
  part,
  step,
}: {
  part: NonNullable<PostCredits['series']>['previous'];
  step: 'previous' | 'next';
}) {
  const { t } = useTranslation();
  if (!part) return null;
  return (
    <Button
      component={RouterLink}
      to={`/posts/${part.id}`}
      startIcon={step === 'previous' ? <NavigateBeforeIcon /> : undefined}
      endIcon={step === 'next' ? <NavigateNextIcon /> : undefined}
      variant="outlined"
      size="small"
      aria-label={t(`credits.${step}Named`, { title: part.title })}
    >
      {t(`credits.${step}`)}
    </Button>
  );
}

function SeriesBox({ place }: { place: NonNullable<PostCredits['series']> }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="nav"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('credits.seriesLabel')}{' '}
        <Link component={RouterLink} to={`/series/${place.series.id}`}>
          {place.series.title}
        </Link>{' '}
        — {t('credits.partOf', { part: place.part, count: place.of })}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 1 }}>
        <PartLink part={place.previous} step="previous" />
        <PartLink part={place.next} step="next" />
      </Stack>
      <Box component="ol" sx={{ m: 0, pl: 3 }} aria-label={t('credits.chapters')}>
        {place.chapters.map((c) =>
          c.part === place.part ? (
            <li key={c.id} aria-current="page">
              <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                {c.title}
              </Typography>
            </li>
          ) : (
            <li key={c.id}>
              <Link component={RouterLink} to={`/posts/${c.id}`} variant="body2">
                {c.title}
              </Link>
            </li>
          ),
        )}
      </Box>
    </Paper>
  );
}

/** Above the body: the series and what the post credits. */
export function PostCreditsPanel({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const credits = usePostCredits(postId);
  if (!credits.data) return null;
  const { series } = credits.data;
  return (
    <>
      {series ? <SeriesBox place={series} /> : null}
      {credits.data.credits.length > 0 ? (
        <Stack
          component="ul"
          spacing={0.5}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
          aria-label={t('credits.credits')}
        >
          {credits.data.credits.map((c) => (
            <Typography component="li" variant="body2" key={c.post.id}>
              {t(`credits.kindOf.${c.kind}`)}{' '}
              <Link component={RouterLink} to={`/posts/${c.post.id}`}>
                {c.post.title}
              </Link>{' '}
              {t('credits.by', { user: c.post.author.username })}
            </Typography>
          ))}
        </Stack>
      ) : null}
    </>
  );
}

/** Below the body: the posts that credit this one, by kind. */
export function PostDerivatives({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const credits = usePostCredits(postId);
  if (!credits.data) return null;
  const { derivatives } = credits.data;
  const derivativeKinds = creditKinds.filter((k) => derivatives[k].length > 0);
  return (
    <>
      {derivativeKinds.map((kind) => (
        <Stack
          component="section"
          spacing={1}
          key={kind}
          aria-label={t(`credits.derivatives.${kind}`, { count: derivatives[kind].length })}
        >
          <Typography variant="h6" component="h2">
            {t(`credits.derivatives.${kind}`, { count: derivatives[kind].length })}
          </Typography>
          {derivatives[kind].map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </Stack>
      ))}
    </>
  );
}
