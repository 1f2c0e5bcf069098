/**
 * A post in a list (section, search, profile): cover thumbnail, title linking to the post,
 * excerpt, author line, provenance badge, tags, and likes / comments / views counts.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.tsx';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import CollectionsOutlinedIcon from '@mui/icons-material/CollectionsOutlined';
import { formatCompactNumber, type PostSummary, type TextRange } from '@atelier/shared';
import { Highlighted } from './Highlighted.tsx';
import { AuthorLine } from './AuthorLine.tsx';
import { ProvenanceBadge } from './ProvenanceBadge.tsx';
import { TagChips } from './TagChips.tsx';

function Count({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  const { i18n } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: 'text.secondary' }}
      title={label}
    >
      {icon}
      <Typography variant="body2" component="span" role="img" aria-label={label}>
        <span aria-hidden>{formatCompactNumber(value, i18n.resolvedLanguage ?? 'en')}</span>
      </Typography>
    </Stack>
  );
}

function Cover({ post }: { post: PostSummary }) {
  const { t } = useTranslation();
  const cover = post.cover;
  const src = cover ? (cover.thumbnailUrl ?? (cover.kind === 'image' ? cover.url : null)) : null;
  return (
    <Box
      sx={{
        position: 'relative',
        flexShrink: 0,
        width: { xs: 88, sm: 140 },
        height: { xs: 88, sm: 140 },
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {src ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
      {cover?.kind === 'video' && !src ? (
        <PlayCircleOutlineIcon fontSize="large" color="action" />
      ) : null}
      {post.mediaCount > 1 ? (
        <Stack
          direction="row"
          spacing={0.25}
          role="img"
          aria-label={t('post.mediaCount', { count: post.mediaCount })}
          sx={{
            position: 'absolute',
            right: 4,
            bottom: 4,
            px: 0.5,
            borderRadius: 1,
            bgcolor: 'rgba(0,0,0,0.65)',
            color: '#fff',
            alignItems: 'center',
          }}
        >
          <CollectionsOutlinedIcon sx={{ fontSize: 14 }} />
          <Typography variant="caption" aria-hidden>
            {post.mediaCount}
          </Typography>
        </Stack>
      ) : null}
    </Box>
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
    <Card
      variant="outlined"
      component="article"
      data-testid="post-card"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" spacing={{ xs: 1.5, sm: 2 }} sx={{ alignItems: 'flex-start' }}>
        {post.cover ? <Cover post={post} /> : null}
        <Stack spacing={1} sx={{ minWidth: 0, flexGrow: 1 }}>
          {sectionLabel ? (
            <Typography variant="caption" color="text.secondary">
              {sectionLabel}
            </Typography>
          ) : null}
          <Typography
            variant="h6"
            component="h2"
            sx={{
              fontSize: { xs: '1rem', sm: '1.15rem' },
              lineHeight: 1.3,
              overflowWrap: 'anywhere',
            }}
          >
            <Link component={RouterLink} to={`/posts/${post.id}`} color="inherit" underline="hover">
              <Highlighted text={post.title} ranges={highlight?.title} />
            </Link>
          </Typography>
          {post.excerpt ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
                whiteSpace: 'pre-line',
              }}
            >
              <Highlighted text={post.excerpt} ranges={highlight?.excerpt} />
            </Typography>
          ) : null}
          <AuthorLine author={post.author} timestamp={post.createdAt} edition={post} size="small" />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <ProvenanceBadge provenance={post.provenance} tools={post.tools} />
            <TagChips ids={post.tags} section={post.section} />
          </Stack>
          <Stack direction="row" spacing={2}>
            <Count
              icon={<FavoriteBorderIcon fontSize="small" />}
              value={post.likeCount}
              label={t('post.likes', { count: post.likeCount })}
            />
            <Count
              icon={<ChatBubbleOutlineIcon fontSize="small" />}
              value={post.commentCount}
              label={t('post.comments', { count: post.commentCount })}
            />
            <Count
              icon={<VisibilityOutlinedIcon fontSize="small" />}
              value={post.viewCount}
              label={t('post.views', { count: post.viewCount })}
            />
          </Stack>
        </Stack>
      </Stack>
    </Card>
  );
}
