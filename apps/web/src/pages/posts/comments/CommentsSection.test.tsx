/**
 * Comments under a post: a deleted comment stays as "[deleted]" above its replies, each reply
 * quotes what it answers ("replying to @user: excerpt"), and only the author or a moderator sees
 * Edit and Delete; the thread's one delete marks only the item it is deleting as busy.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment, CommentReply, Page, PublicUser } from '@atelier/shared';
import { renderMarkdown } from '@atelier/shared/markdown';
import { renderInApp } from '../../../test/render.tsx';
import { CommentsSection } from './CommentsSection.tsx';

const postId = '00000000-0000-4000-8000-000000000001';
const ana: PublicUser = { id: 'u-ana', username: 'ana', displayedRole: 'member' };
const bo: PublicUser = { id: 'u-bo', username: 'bo', displayedRole: 'advanced-writer' };
const at = '2026-11-20T10:00:00.000Z';

function reply(
  id: string,
  author: PublicUser,
  body: string,
  replyingTo: CommentReply['replyingTo'],
): CommentReply {
  return {
    id,
    commentId: 'c1',
    postId,
    author,
    body,
    bodyHtml: renderMarkdown(body, 'http://localhost:3000'),
    replyingTo,
    likeCount: 0,
    liked: false,
    createdAt: at,
    editionCount: 0,
    editionTimestamp: null,
  };
}

const page: Page<Comment> = {
  items: [
    {
      id: 'c1',
      postId,
      author: null,
      body: '',
      bodyHtml: '',
      deleted: true,
      likeCount: 0,
      replyCount: 2,
      liked: false,
      createdAt: at,
      editionCount: 0,
      editionTimestamp: null,
      replies: [
        reply('r1', ana, 'First **reply**', {
          author: bo,
          replyId: null,
          excerpt: 'the original comment text',
        }),
        reply('r2', bo, 'Answering ana', { author: ana, replyId: 'r1', excerpt: 'First reply' }),
      ],
    },
    {
      id: 'c2',
      postId,
      author: ana,
      body: 'A *fine* post',
      bodyHtml: '<p>A <em>fine</em> post</p>',
      deleted: false,
      likeCount: 3,
      replyCount: 0,
      liked: true,
      createdAt: at,
      editionCount: 1,
      editionTimestamp: at,
      replies: [],
    },
  ],
  nextCursor: null,
};

function stubServer(me: { id: string; isModerator: boolean }, post?: Record<string, unknown>) {
  const fetch = vi.fn((url: string) => {
    if (post && url === `/api/posts/${postId}`) return Promise.resolve(Response.json(post));
    if (url === '/api/session')
      return Promise.resolve(
        Response.json({
          user: {
            ...me,
            roles: me.isModerator ? ['member', 'moderator'] : ['member'],
            hasAccess: true,
            isBanned: false,
          },
        }),
      );
    if (url.startsWith(`/api/posts/${postId}/comments`))
      return Promise.resolve(Response.json(page));
    return Promise.resolve(Response.json({}, { status: 404 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderSection() {
  renderInApp(<CommentsSection postId={postId} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CommentsSection', () => {
  it('offers no comment box under a removed post, and says why', async () => {
    stubServer(
      { id: 'u-ana', isModerator: false },
      { id: postId, state: 'removed', commentCount: 3, author: ana },
    );
    renderSection();
    await screen.findByText('This post was removed: no new comments can be added.');
    expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument();
  });

  it('offers the comment box under a published post', async () => {
    stubServer(
      { id: 'u-ana', isModerator: false },
      { id: postId, state: 'published', commentCount: 3, author: ana },
    );
    renderSection();
    await screen.findByText('3 comments');
    expect(screen.getByLabelText('Add a comment')).toBeVisible();
  });

  it('shows a deleted comment as [deleted] with its replies and their quotes', async () => {
    stubServer({ id: 'u-other', isModerator: false });
    renderSection();
    const comments = await screen.findAllByTestId('comment');
    expect(comments).toHaveLength(2);
    const deleted = comments[0]!;
    expect(within(deleted).getByTestId('comment-deleted').textContent).toBe('[deleted]');
    // No actions on a deleted comment itself: the like buttons are its replies'.
    expect(within(deleted).getAllByTestId('like-button')).toHaveLength(2);
    const replies = within(deleted).getAllByTestId('comment-reply');
    expect(replies).toHaveLength(2);
    expect(within(replies[0]!).getByTestId('reply-quote').textContent).toBe(
      'replying to @bo: the original comment text',
    );
    expect(within(replies[1]!).getByTestId('reply-quote').textContent).toBe(
      'replying to @ana: First reply',
    );
    expect(within(replies[0]!).getByText('reply').tagName).toBe('STRONG');
  });

  it('shows Edit and Delete to the author only, and opens a reply to a reply', async () => {
    stubServer({ id: 'u-ana', isModerator: false });
    renderSection();
    const comments = await screen.findAllByTestId('comment');
    const [deleted, own] = comments as [HTMLElement, HTMLElement];
    await waitFor(() => expect(within(own).getByRole('button', { name: 'Edit' })).toBeEnabled());
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeEnabled();
    const replies = within(deleted).getAllByTestId('comment-reply');
    expect(within(replies[0]!).getByRole('button', { name: 'Edit' })).toBeEnabled(); // ana's reply
    expect(within(replies[1]!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument(); // bo's reply
    const user = userEvent.setup();
    await user.click(within(replies[1]!).getByRole('button', { name: 'Reply to @bo' }));
    const field = within(deleted).getByLabelText('Your reply to @bo');
    expect(document.activeElement).toBe(field);
  });

  it('lets a moderator edit and delete anyone’s comment', async () => {
    stubServer({ id: 'u-mod', isModerator: true });
    renderSection();
    const comments = await screen.findAllByTestId('comment');
    await waitFor(() =>
      expect(within(comments[1]!).getByRole('button', { name: 'Delete' })).toBeEnabled(),
    );
  });

  it('marks only the reply being deleted as busy (one delete serves the whole thread)', async () => {
    const fetch = stubServer({ id: 'u-mod', isModerator: true });
    let answer: (response: Response) => void = () => {};
    const base = fetch.getMockImplementation()!;
    fetch.mockImplementation((url: string) =>
      url === '/api/comment-replies/r1'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : base(url),
    );
    const show = vi.fn();
    renderInApp(<CommentsSection postId={postId} />, {
      show,
      confirm: () => Promise.resolve(true),
    });
    const [deleted] = (await screen.findAllByTestId('comment')) as [HTMLElement];
    const [first, second] = within(deleted).getAllByTestId('comment-reply') as [
      HTMLElement,
      HTMLElement,
    ];
    const user = userEvent.setup();
    await waitFor(() =>
      expect(within(first).getByRole('button', { name: 'Delete' })).toBeEnabled(),
    );
    await user.click(within(first).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(first).getByRole('button', { name: 'Delete' })).toBeDisabled(),
    );
    expect(within(second).getByRole('button', { name: 'Delete' })).toBeEnabled();
    answer(new Response(null, { status: 204 }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ message: 'Reply deleted.', color: 'success' }),
    );
  });
});
