/**
 * The routes both conversations declare alike (comments on a post, status updates): edit and
 * delete an item, reply to it, edit and delete a reply (author or moderator). Each kind names its
 * paths, its 404 code, its rate-limit class for new writing, its schemas and summaries.
 */
import type { z } from 'zod';
import type { RateLimitClass } from '../limits.ts';
import { defineRoute } from './define.ts';
import { byId } from './params.ts';

const oneReply = byId('member', 'errors.replyNotFound');
const editing = { rateLimit: { class: 'edit', per: 'user' } } as const;

export function conversationRoutes<
  const ItemPath extends string,
  const ReplyPath extends string,
  const NotFound extends string,
  const Writing extends RateLimitClass,
  ItemBody extends z.ZodType,
  ReplyBody extends z.ZodType,
  ItemResponse extends z.ZodType,
  ReplyResponse extends z.ZodType,
>(kind: {
  /** One item (`/api/comments/:id`); its replies are `…/replies`. */
  itemPath: ItemPath;
  /** One reply (`/api/comment-replies/:id`). */
  replyPath: ReplyPath;
  /** The 404 code of an item path whose id cannot name one. */
  notFound: NotFound;
  /** The rate-limit class of new items and replies. */
  writing: Writing;
  /** The body of a new item and of every edit. */
  itemBody: ItemBody;
  replyBody: ReplyBody;
  itemResponse: ItemResponse;
  replyResponse: ReplyResponse;
  summaries: { update: string; remove: string; createReply: string };
}) {
  /** What a route on one item declares (with `params`, anything but a uuid is `notFound`). */
  const one = byId('member', kind.notFound);
  const writing = { rateLimit: { class: kind.writing, per: 'user' } } as const;
  return {
    one,
    writing,
    /** Edit and delete an item. */
    itemRoutes: {
      update: defineRoute({
        method: 'PATCH',
        path: kind.itemPath,
        summary: kind.summaries.update,
        ...one,
        ...editing,
        body: kind.itemBody,
        responses: { 200: kind.itemResponse },
      }),
      remove: defineRoute({
        method: 'DELETE',
        path: kind.itemPath,
        summary: kind.summaries.remove,
        ...one,
        responses: { 204: null },
      }),
    },
    /** Reply to an item (or, with replyToId, to one of its replies), edit and delete a reply. */
    replyRoutes: {
      createReply: defineRoute({
        method: 'POST',
        path: `${kind.itemPath}/replies` as const,
        summary: kind.summaries.createReply,
        ...one,
        ...writing,
        body: kind.replyBody,
        responses: { 201: kind.replyResponse },
      }),
      updateReply: defineRoute({
        method: 'PATCH',
        path: kind.replyPath,
        summary: 'Edit a reply (author or moderator)',
        ...oneReply,
        ...editing,
        body: kind.itemBody,
        responses: { 200: kind.replyResponse },
      }),
      removeReply: defineRoute({
        method: 'DELETE',
        path: kind.replyPath,
        summary: 'Delete a reply (author or moderator)',
        ...oneReply,
        responses: { 204: null },
      }),
    },
  };
}
