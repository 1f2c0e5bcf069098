/**
 * / — the map of sections (name and description in the interface language, post count, the latest
 * post with its author and time), the site's stats, and the status updates column (composer and
 * the latest updates). Desktop: sections and status updates side by side; mobile: stacked.
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { AppLink } from '../../components/AppLink.tsx';
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
        <div className={css.layout}>
          <div className={css.main}>
            <section className={css.column} aria-label={t('home.sectionsHeading')}>
              <ul className={css.sections}>
                {home.data.sections.map((section) => (
                  <li key={section.slug}>
                    <SectionCard section={section} />
                  </li>
                ))}
              </ul>
              <Stats stats={home.data.stats} />
            </section>
          </div>
          <div className={css.side}>
            <section className={css.column} aria-labelledby="home-status">
              <div className={css.columnHead}>
                <h2 id="home-status" className={css.heading}>
                  {t('home.statusHeading')}
                </h2>
                <AppLink to="/status-updates" className={css.more}>
                  {t('home.allStatusUpdates')}
                </AppLink>
              </div>
              <StatusColumn items={home.data.statusUpdates} />
            </section>
          </div>
        </div>
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
          <AppLink to={`/sections/${section.slug}`} className={css.link}>
            {section.name[lng] || section.name.en}
          </AppLink>
        </h3>
        <span className={css.chip}>{t(`home.sectionTypes.${section.type}`)}</span>
      </div>
      <p className={`${text} ${css.grow}`}>{section.description[lng] || section.description.en}</p>
      <p className={text}>{t('home.postCount', { count: section.postCount })}</p>
      <div className={css.latest}>
        {last ? (
          <>
            <span className={`${item.caption} ${item.secondary}`}>{t('home.latestPost')}</span>
            <AppLink to={`/posts/${last.id}`} className={css.postLink}>
              {last.title}
            </AppLink>
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
    <section className={css.stats} aria-labelledby="home-stats">
      <h2 id="home-stats" className={css.statsHeading}>
        {t('home.statsHeading')}
      </h2>
      <dl className={css.figures}>
        {items.map(([key, value]) => (
          <div key={key} className={css.figure}>
            <dt>{t(`home.stats.${key}`, { count: value })}</dt>
            <dd title={String(value)}>{formatCompactNumber(value, lng)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
