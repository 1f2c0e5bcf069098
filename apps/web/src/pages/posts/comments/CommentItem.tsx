/**
 * One comment: author line, Markdown body (or "[deleted]"), like, reply, edit and delete for its
 * author or a moderator; its replies nested below with their quotes (the first `replyStep`, the
 * rest behind "Show N more replies" unless a link points at one of them), and the reply composer.
 */
import { memo, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.tsx';
import type { Comment, CommentReply, PublicUser } from '@atelier/shared';
import shell from '../../../app/shell/shell.module.css';
import { Markdown } from '../../../components/Markdown.tsx';
import { ConversationItem } from '../../../components/conversation/ConversationItem.tsx';
import { ReplyComposer } from '../../../components/conversation/ConversationComposer.tsx';
import { ReplyList, ReplyThread } from '../../../components/conversation/Replies.tsx';
import { CommentReplyItem } from './CommentReplyItem.tsx';
import { useThread } from './threadMutations.ts';
import { replyStep } from './threadWindow.ts';

interface ReplyTarget {
  replyId: string | null;
  author: PublicUser;
}

/**
 * Memoised: the thread grows two comments per task (useIncremental), and each step would otherwise
 * render every comment already shown again (the query keeps an unchanged comment the same object).
 */
export const CommentItem = memo(function CommentItem({
  comment,
  showAllReplies = false,
}: {
  comment: Comment;
  /** Render every reply at once (a link points at one of them). */
  showAllReplies?: boolean;
}) {
  const { t } = useTranslation();
  const repliesId = useId();
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [expanded, setExpanded] = useState(false);
  const allReplies = expanded || showAllReplies || comment.replies.length <= replyStep;
  const replies = allReplies ? comment.replies : comment.replies.slice(0, replyStep);
  const hiddenReplies = comment.replies.length - replies.length;
  const { updateComment, deleteComment, createReply } = useThread();

  const answer = (reply: CommentReply) => setReplyTo({ replyId: reply.id, author: reply.author });
  const author = comment.author;

  return (
    <ConversationItem
      target="comment"
      id={`comment-${comment.id}`}
      item={comment}
      body={<Markdown html={comment.bodyHtml} />}
      save={(body) => updateComment.mutateAsync({ id: comment.id, body })}
      remove={deleteComment}
      onReply={author ? () => setReplyTo({ replyId: null, author }) : undefined}
    >
      {comment.replies.length > 0 || replyTo ? (
        <ReplyThread indent={20}>
          {comment.replies.length > 0 ? (
            <ReplyList ns="comments" id={repliesId}>
              {replies.map((reply) => (
                <CommentReplyItem key={reply.id} reply={reply} onReply={answer} />
              ))}
            </ReplyList>
          ) : null}
          {hiddenReplies > 0 ? (
            <div>
              <button
                type="button"
                className={shell.textSmall}
                aria-controls={repliesId}
                aria-expanded={false}
                onClick={() => setExpanded(true)}
              >
                {t('comments.showMoreReplies', { count: hiddenReplies })}
              </button>
            </div>
          ) : null}
          {replyTo ? (
            <ReplyComposer
              key={replyTo.replyId ?? 'comment'}
              ns="comments"
              to={replyTo.author}
              focusOnMount
              onCancel={() => setReplyTo(null)}
              onSubmit={async (body) => {
                await createReply.mutateAsync({
                  commentId: comment.id,
                  input: { body, replyToId: replyTo.replyId },
                });
                // The new reply comes last: show them all so it is in view.
                setExpanded(true);
                setReplyTo(null);
              }}
            />
          ) : null}
        </ReplyThread>
      ) : null}
    </ConversationItem>
  );
});
