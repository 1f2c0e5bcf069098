/**
 * What a notification says and where it leads, shared by the bell's menu and /notifications:
 * its sentence (NotificationText), its excerpt, and its link.
 */
import { useTranslation } from '../i18n/useTranslation.tsx';
import type { TFunction } from '../i18n/translate.ts';
import Typography from '@mui/material/Typography';
import { excerptOf, roles, type Notification } from '@atelier/shared';

/** Where a notification leads (every type has a place to open). */
export function notificationLink(n: Notification): string {
  switch (n.type) {
    case 'comment':
      return `/posts/${n.post.postId}#comment-${n.commentId}`;
    case 'commentReply':
      return `/posts/${n.post.postId}#reply-${n.replyId}`;
    case 'mention':
    case 'like':
      if (n.replyId && n.post) return `/posts/${n.post.postId}#reply-${n.replyId}`;
      if (n.commentId && n.post) return `/posts/${n.post.postId}#comment-${n.commentId}`;
      if (n.post) return `/posts/${n.post.postId}`;
      return '/status-updates';
    case 'statusReply':
      return '/status-updates';
    case 'postRemoval':
      return `/posts/${n.post.postId}`;
    case 'applicationApproved':
      return '/';
    case 'promotion':
      return `/users/${n.recipientId}`;
    // A credit opens the crediting post (which links back to the recipient's).
    case 'credit':
      return `/posts/${n.post.postId}`;
  }
}

/**
 * In the bell's menu, the entries that open their target on click (and are dismissed by it); the
 * others keep a Dismiss button (the seed's rule for its four types).
 */
export function notificationTarget(n: Notification): string | null {
  if (n.type === 'comment' || n.type === 'commentReply' || n.type === 'mention') {
    return notificationLink(n);
  }
  if (n.type === 'like' || n.type === 'credit') return notificationLink(n);
  return null;
}

/** A role id's translated name (`roles.*`), or the id itself if unknown. */
function roleLabel(t: TFunction, role: string): string {
  const known = (roles as Record<string, { name: string } | undefined>)[role];
  return known ? t(`roles.${known.name}`) : role;
}

export function NotificationText({ n }: { n: Notification }) {
  const { t } = useTranslation();
  const user = n.author.username;
  switch (n.type) {
    case 'comment':
      return <>{t('notifications.comment', { user, title: n.post.title })}</>;
    case 'commentReply':
      return <>{t('notifications.commentReply', { user, title: n.post.title })}</>;
    case 'statusReply':
      return <>{t('notifications.statusReply', { user })}</>;
    case 'postRemoval': {
      const reason =
        n.reason === 'other' && n.otherReason
          ? n.otherReason
          : t(`post.removalReasons.${n.reason}`, { defaultValue: n.reason });
      return <>{t('notifications.postRemoval', { title: n.post.title, reason })}</>;
    }
    case 'applicationApproved':
      return <>{t('notifications.applicationApproved', { user, role: roleLabel(t, n.role) })}</>;
    case 'promotion':
      return <>{t('notifications.promotion', { user, role: roleLabel(t, n.role) })}</>;
    case 'mention':
      return <>{t(`notifications.mention.${n.target}`, { user, title: n.post.title })}</>;
    case 'like': {
      const title = n.post?.title ?? '';
      const others = n.likerCount - 1;
      return others > 0 ? (
        <>{t(`notifications.likeGrouped.${n.target}`, { user, title, count: others })}</>
      ) : (
        <>{t(`notifications.like.${n.target}`, { user, title })}</>
      );
    }
    case 'credit':
      return <>{t(`notifications.credit.${n.kind}`, { user, title: n.sourceTitle })}</>;
  }
}

/** The excerpt shown under the sentence, if any. */
export function notificationExcerpt(n: Notification): string | null {
  switch (n.type) {
    case 'postRemoval':
    case 'applicationApproved':
      return null;
    case 'promotion':
      return n.note ? excerptOf(n.note, 140) : null;
    case 'credit':
      return n.post.title;
    default:
      return n.content ? excerptOf(n.content, 140) : null;
  }
}

/** The excerpt as a secondary line under the sentence (nothing when there is none). */
export function NotificationExcerpt({ n }: { n: Notification }) {
  const text = notificationExcerpt(n);
  if (!text) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}
