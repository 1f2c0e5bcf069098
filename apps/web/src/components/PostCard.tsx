/**
 * A post in a list (section, search, profile): cover thumbnail, title linking to the post,
 * excerpt, author line, provenance badge, tags, and likes / comments / views counts. Plain elements
 * with the look of the MUI Card, Stacks and Typography it was (PostCard.module.css): a list shows
 * dozens.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { AppLink } from './AppLink.tsx';
import { formatCompactNumber, type PostSummary, type TextRange } from '@atelier/shared';
import { Highlighted } from './Highlighted.tsx';
import { AuthorLine } from './AuthorLine.tsx';
import { MaterialIcon } from './MaterialIcon.tsx';
import { ProvenanceBadge } from './ProvenanceBadge.tsx';
import { TagChips } from './TagChips.tsx';
import css from './PostCard.module.css';

function Count({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  const { i18n } = useTranslation();
  return (
    <div className={css.count} title={label}>
      {icon}
      <span className={css.countValue} role="img" aria-label={label}>
        <span aria-hidden>{formatCompactNumber(value, i18n.resolvedLanguage ?? 'en')}</span>
      </span>
    </div>
  );
}

function Cover({ post }: { post: PostSummary }) {
  const { t } = useTranslation();
  const cover = post.cover;
  const src = cover ? (cover.thumbnailUrl ?? (cover.kind === 'image' ? cover.url : null)) : null;
  return (
    <div className={css.cover}>
      {src ? <img className={css.coverImage} src={src} alt="" loading="lazy" /> : null}
      {cover?.kind === 'video' && !src ? (
        <MaterialIcon name="playCircleOutline" size="large" className={css.videoIcon} />
      ) : null}
      {post.mediaCount > 1 ? (
        <div
          className={css.mediaCount}
          role="img"
          aria-label={t('post.mediaCount', { count: post.mediaCount })}
        >
          <MaterialIcon name="collectionsOutlined" className={css.mediaIcon} />
          <span className={css.countCaption} aria-hidden>
            {post.mediaCount}
          </span>
        </div>
      ) : null}
    </div>
  );
}

export function PostCard({
  post,
  sectionLabel,
  highlight,
}: {
  post: PostSummary;
  sectionLabel?: ReactNode;
  /** Search matches to mark in the title and the excerpt. */
  highlight?: { title: TextRange[]; excerpt: TextRange[] };
}) {
  const { t } = useTranslation();
  return (
    <article className={css.card} data-testid="post-card">
      <div className={css.row}>
        {post.cover ? <Cover post={post} /> : null}
        <div className={css.body}>
          {sectionLabel ? <span className={css.caption}>{sectionLabel}</span> : null}
          <h2 className={css.title}>
            <AppLink className={css.titleLink} to={`/posts/${post.id}`}>
              <Highlighted text={post.title} ranges={highlight?.title} />
            </AppLink>
          </h2>
          {post.excerpt ? (
            // Its lines (list items, table rows) kept apart: inline, so that it holds without the sheet.
            <p className={css.excerpt} style={{ whiteSpace: 'pre-line' }}>
              <Highlighted text={post.excerpt} ranges={highlight?.excerpt} />
            </p>
          ) : null}
          <AuthorLine author={post.author} timestamp={post.createdAt} edition={post} size="small" />
          <div className={css.chips}>
            <ProvenanceBadge provenance={post.provenance} tools={post.tools} />
            <TagChips ids={post.tags} section={post.section} />
          </div>
          <div className={css.counts}>
            <Count
              icon={<MaterialIcon name="favoriteBorder" size="small" />}
              value={post.likeCount}
              label={t('post.likes', { count: post.likeCount })}
            />
            <Count
              icon={<MaterialIcon name="chatBubbleOutline" size="small" />}
              value={post.commentCount}
              label={t('post.comments', { count: post.commentCount })}
            />
            <Count
              icon={<MaterialIcon name="visibilityOutlined" size="small" />}
              value={post.viewCount}
              label={t('post.views', { count: post.viewCount })}
            />
          </div>
        </div>
      </div>
    </article>
  );
}
