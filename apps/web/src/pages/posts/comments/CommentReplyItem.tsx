/** One reply under a comment: author line, the "replying to" quote, Markdown body, actions. */
import type { CommentReply } from '@atelier/shared';
import { Markdown } from '../../../components/Markdown.tsx';
import { ConversationItem } from '../../../components/conversation/ConversationItem.tsx';
import { useThread } from './threadMutations.ts';

export function CommentReplyItem({
  reply,
  onReply,
}: {
  reply: CommentReply;
  onReply: (reply: CommentReply) => void;
}) {
  const { updateReply, deleteReply } = useThread();
  return (
    <ConversationItem
      target="commentReply"
      id={`reply-${reply.id}`}
      item={reply}
      body={<Markdown html={reply.bodyHtml} />}
      save={(body) => updateReply.mutateAsync({ id: reply.id, body })}
      remove={deleteReply}
      onReply={() => onReply(reply)}
    />
  );
}
