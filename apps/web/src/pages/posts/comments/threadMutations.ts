/**
 * The writes of a post's thread, made once by CommentsSection for all its comments and replies:
 * a thread of 150 items otherwise made five mutation observers per comment and two per reply as
 * it rendered. Each item passes its own id (an item is deleting while the delete runs with its id).
 */
import { createContext, useContext } from 'react';
import {
  useCreateCommentReply,
  useDeleteComment,
  useDeleteCommentReply,
  useUpdateComment,
  useUpdateCommentReply,
} from '../../../api/comments.ts';

export function useThreadMutations(postId: string) {
  return {
    updateComment: useUpdateComment(postId),
    deleteComment: useDeleteComment(postId),
    createReply: useCreateCommentReply(postId),
    updateReply: useUpdateCommentReply(postId),
    deleteReply: useDeleteCommentReply(postId),
  };
}

export type ThreadMutations = ReturnType<typeof useThreadMutations>;

export const ThreadMutationsContext = createContext<ThreadMutations | null>(null);

/** The thread's writes (inside CommentsSection). */
export function useThread(): ThreadMutations {
  const mutations = useContext(ThreadMutationsContext);
  if (!mutations) throw new Error('useThread outside CommentsSection');
  return mutations;
}
