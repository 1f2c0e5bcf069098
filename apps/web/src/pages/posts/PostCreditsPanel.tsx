/**
 * A post's creators' credits (issue 11, item 8): its place in a series ("Series: … — part N of M"
 * with previous/next and the chapters), the posts it credits (translation of, remix of, inspired
 * by) and, on a source, its derivatives by kind ("Translations (1)"…), as cards. Plain elements with
 * the look of the MUI parts they were (PostCreditsPanel.module.css, the buttons' sheet).
 */
import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { AppLink } from '../../components/AppLink.tsx';
import { creditKinds, type PostCredits } from '@atelier/shared';
import { usePostCredits } from '../../api/credits.ts';
import { MaterialIcon } from '../../components/MaterialIcon.tsx';
import { PostCard } from '../../components/PostCard.tsx';
import shell from '../../app/shell/shell.module.css';
import buttons from '../../components/buttons.module.css';
import css from './PostCreditsPanel.module.css';

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
    <AppLink
      to={`/posts/${part.id}`}
      className={
        step === 'previous' ? `${shell.outlinedSmall} ${buttons.withStart}` : shell.outlinedSmall
      }
      aria-label={t(`credits.${step}Named`, { title: part.title })}
    >
      {step === 'previous' ? (
        <span className={buttons.startIcon}>
          <MaterialIcon name="navigateBefore" size="inherit" />
        </span>
      ) : null}
      {t(`credits.${step}`)}
      {step === 'next' ? (
        <span className={buttons.endIcon}>
          <MaterialIcon name="navigateNext" size="inherit" />
        </span>
      ) : null}
    </AppLink>
  );
}

function SeriesBox({ place }: { place: NonNullable<PostCredits['series']> }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <nav className={css.series} aria-labelledby={headingId}>
      <h2 id={headingId} className={css.seriesHeading}>
        {t('credits.seriesLabel')}{' '}
        <AppLink className={css.link} to={`/series/${place.series.id}`}>
          {place.series.title}
        </AppLink>{' '}
        — {t('credits.partOf', { part: place.part, count: place.of })}
      </h2>
      <div className={css.parts}>
        <PartLink part={place.previous} step="previous" />
        <PartLink part={place.next} step="next" />
      </div>
      <ol className={css.chapters} aria-label={t('credits.chapters')}>
        {place.chapters.map((c) =>
          c.part === place.part ? (
            <li key={c.id} aria-current="page">
              <span className={css.current}>{c.title}</span>
            </li>
          ) : (
            <li key={c.id}>
              <AppLink className={css.chapterLink} to={`/posts/${c.id}`}>
                {c.title}
              </AppLink>
            </li>
          ),
        )}
      </ol>
    </nav>
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
        <ul className={css.credits} aria-label={t('credits.credits')}>
          {credits.data.credits.map((c) => (
            <li className={css.body2} key={c.post.id}>
              {t(`credits.kindOf.${c.kind}`)}{' '}
              <AppLink className={css.link} to={`/posts/${c.post.id}`}>
                {c.post.title}
              </AppLink>{' '}
              {t('credits.by', { user: c.post.author.username })}
            </li>
          ))}
        </ul>
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
        <section
          className={css.derivatives}
          key={kind}
          aria-label={t(`credits.derivatives.${kind}`, { count: derivatives[kind].length })}
        >
          <h2 className={css.derivativesHeading}>
            {t(`credits.derivatives.${kind}`, { count: derivatives[kind].length })}
          </h2>
          {derivatives[kind].map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </section>
      ))}
    </>
  );
}
