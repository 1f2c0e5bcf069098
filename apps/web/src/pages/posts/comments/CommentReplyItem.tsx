/** One reply under a comment: author line, the "replying to" quote, Markdown body, actions. */
import type { CommentReply } from '@atelier/shared';
import { useDeleteCommentReply, useUpdateCommentReply } from '../../../api/comments.ts';
import { Markdown } from '../../../components/Markdown.tsx';
import { ConversationItem } from '../../../components/conversation/ConversationItem.tsx';

export function CommentReplyItem({
  reply,
  onReply,
}: {
  reply: CommentReply;
  onReply: (reply: CommentReply) => void;
}) {
  const update = useUpdateCommentReply(reply.postId);
  const remove = useDeleteCommentReply(reply.postId);
  return (
    <ConversationItem
      target="commentReply"
      id={`reply-${reply.id}`}
      item={reply}
      body={<Markdown html={reply.bodyHtml} />}
      save={(body) => update.mutateAsync({ id: reply.id, body })}
      remove={remove}
      onReply={() => onReply(reply)}
    />
  );
}
