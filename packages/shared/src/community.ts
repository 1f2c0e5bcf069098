/**
 * The community's API contract (issue 3): requests as Zod schemas, responses as types, shared by
 * server and web. Messages are translation keys under `errors.`.
 *
 * Which route takes and answers what is declared once, in the route table (./routes/), and
 * browsable at /api/docs.
 */
import type { Language } from './limits.ts';
import { roles as roleTable, roleTypes, type RoleId, type RoleType } from './roles.ts';
import { labelCollator } from './intl.ts';
import type { TagLabels } from './communitySchemas.ts';
import type { PublicUser, Section } from './schemas.ts';

type Iso = string;

// ---- enums ----

/** How a work was made; every post carries one, shown as a badge and filterable. */
export const provenances = ['human', 'aiAssisted', 'aiGenerated', 'composite', 'fake'] as const;
export type Provenance = (typeof provenances)[number];

/** A tag's type: one of the creator types, or general. */
export const tagTypes = ['general', ...roleTypes] as const;
export type TagType = (typeof tagTypes)[number];

export const postSorts = ['new', 'top'] as const;
export type PostSort = (typeof postSorts)[number];

export const searchKinds = ['all', 'posts', 'users', 'tags'] as const;
export type SearchKind = (typeof searchKinds)[number];

export const mediaKinds = ['image', 'video'] as const;
export type MediaKind = (typeof mediaKinds)[number];

export const pageSize = {
  posts: 20,
  comments: 50,
  statusUpdates: 20,
  homeStatusUpdates: 10,
  search: 20,
} as const;

/**
 * Search bounds (issue 12): a query with fewer than `minLength` letters or digits answers empty with
 * `tooShort` (as-you-type never scans); a word is also matched as a prefix from `prefixMinLength`
 * characters; at most `candidates` posts are ranked per query (so `cursor` pages through them).
 */
export const searchLimits = { minLength: 2, prefixMinLength: 3, candidates: 200 } as const;

// ---- responses ----

export interface Page<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
}

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

export interface Edition {
  editionCount: number;
  /** When it was last edited, or null. */
  editionTimestamp: Iso | null;
}

export interface Media {
  id: string;
  kind: MediaKind;
  /** Public URL (under /media or MEDIA_BASE_URL). */
  url: string;
  /** Images: a small webp; videos: null. */
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  bytes: number;
  mime: string;
}

export interface Tag {
  id: string;
  labels: TagLabels;
  type: TagType;
  parents: string[];
  postCount: number;
}

export interface PostSummary extends Edition {
  id: string;
  author: PublicUser;
  section: string;
  title: string;
  /** The start of the body as plain text (≤ 240 chars). */
  excerpt: string;
  provenance: Provenance;
  tools: string;
  tags: string[];
  /** The first image's thumbnail (or first media) for cards, or null. */
  cover: Media | null;
  mediaCount: number;
  likeCount: number;
  commentCount: number;
  viewCount: number;
  /** Whether the viewer likes it. */
  liked: boolean;
  createdAt: Iso;
}

export interface PostRemoval {
  reason: string;
  otherReason: string | null;
}

export interface Post extends PostSummary {
  body: string;
  /** The body rendered to HTML by the server (markdown/render.ts), safe to insert as it is. */
  bodyHtml: string;
  media: Media[];
  state: 'published' | 'removed';
  /** Set when removed (only the author and moderators can open a removed post). */
  removal: PostRemoval | null;
}

/** One version of a post in its history (issue 11). */
export interface PostVersion {
  /** The edition count of this version: 0 as first published, then 1, 2, … */
  number: number;
  title: string;
  body: string;
  /** Tag ids, in the author's order. */
  tags: string[];
  /** When this version was written. */
  writtenAt: Iso;
  /** Who wrote it (the author, or a moderator who edited); null when unknown or deleted. */
  writtenBy: PublicUser | null;
  current: boolean;
}

/** GET /api/posts/:id/versions: newest first; versions older than the history's start are not kept. */
export interface PostHistory {
  postId: string;
  editionCount: number;
  versions: PostVersion[];
}

/** One person who liked something (GET /api/…/:id/likes). */
export interface Liker {
  user: PublicUser;
  likedAt: Iso;
}

export interface CommentReply extends Edition {
  id: string;
  commentId: string;
  postId: string;
  author: PublicUser;
  body: string;
  /** The body rendered to HTML by the server (markdown/render.ts), safe to insert as it is. */
  bodyHtml: string;
  replyingTo: { author: PublicUser; replyId: string | null; excerpt: string };
  likeCount: number;
  liked: boolean;
  createdAt: Iso;
}

export interface Comment extends Edition {
  id: string;
  postId: string;
  /** Null once deleted (the comment stays as "[deleted]" while it has replies). */
  author: PublicUser | null;
  body: string;
  /** The body rendered to HTML by the server (markdown/render.ts); '' once deleted. */
  bodyHtml: string;
  deleted: boolean;
  likeCount: number;
  replyCount: number;
  liked: boolean;
  createdAt: Iso;
  replies: CommentReply[];
}

export interface StatusUpdate extends Edition {
  id: string;
  author: PublicUser;
  content: string;
  timestamp: Iso;
  replyCount: number;
  likeCount: number;
  liked: boolean;
}

export interface StatusReply extends Edition {
  id: string;
  parentId: string;
  author: PublicUser;
  content: string;
  timestamp: Iso;
  /** The seed's reply payload: the reply (or, with replyId null, the status update) answered. */
  replyingTo: { replyId: string | null; author: PublicUser; content: string };
  likeCount: number;
  liked: boolean;
}

export interface SiteStats {
  members: number;
  posts: number;
  comments: number;
  statusUpdates: number;
}

export interface HomeSection extends Section {
  lastPost: {
    id: string;
    title: string;
    provenance: Provenance;
    author: PublicUser;
    createdAt: Iso;
  } | null;
}

export interface HomeData {
  sections: HomeSection[];
  statusUpdates: StatusUpdate[];
  stats: SiteStats;
}

export interface UserProfile {
  id: string;
  username: string;
  avatarPath: string | null;
  displayedRole: RoleId;
  roles: RoleId[];
  registrationTimestamp: Iso;
  bio: string;
  links: string[];
  postCount: number;
  commentCount: number;
  postLikeCount: number;
  commentLikeCount: number;
  statusUpdateLikeCount: number;
  /** post + comment + status-update likes received. */
  totalLikes: number;
  isBanned: boolean;
  /** Only for moderators and the user themself; null otherwise. */
  banReason: string | null;
  /** Presence: has an open socket on some server node. */
  online: boolean;
  /** ISO, server time: when the user last came online or went offline; null if never seen. */
  lastSeenTimestamp: string | null;
}

/** [start, end) in UTF-16 code units (JavaScript string indices): a matched word to highlight. */
export type TextRange = [number, number];

/** A post found by search: its `excerpt` is the passage around the first match. */
export interface SearchPost extends PostSummary {
  highlight: { title: TextRange[]; excerpt: TextRange[] };
}

export interface SearchResults {
  posts: SearchPost[];
  users: PublicUser[];
  tags: Tag[];
  /** The next page of posts (`kind=posts` or `all`), or null. */
  nextCursor: string | null;
  /** The query has fewer than searchLimits.minLength letters or digits: nothing was searched. */
  tooShort: boolean;
}

/**
 * Folds case and accents for matching ('Haïkus' → 'haikus'): NFD, combining marks dropped
 * (Hangul syllables are recomposed), lower case.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .toLocaleLowerCase();
}

/** Letters and digits in a query (what searchLimits.minLength counts). */
export function searchQueryLength(q: string): number {
  return (q.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

// ---- rules both sides apply ----

export function totalLikes(
  u: Pick<UserProfile, 'postLikeCount' | 'commentLikeCount' | 'statusUpdateLikeCount'>,
): number {
  return u.postLikeCount + u.commentLikeCount + u.statusUpdateLikeCount;
}

/** A tag's label in a language, falling back to English. */
export function tagLabel(tag: Pick<Tag, 'labels'>, lng: Language): string {
  return tag.labels[lng]?.trim() || tag.labels.en;
}

/**
 * The seed's tag search: case- and accent-insensitive on any language's label or on a parent tag's label;
 * results sorted by the label in the current language with locale-aware collation.
 */
export function searchTags<T extends Pick<Tag, 'id' | 'labels' | 'parents'>>(
  tags: readonly T[],
  query: string,
  lng: Language,
): T[] {
  const q = foldForSearch(query.trim());
  const byId = new Map(tags.map((t) => [t.id, t]));
  const matches = (t: Pick<Tag, 'labels'>) =>
    Object.values(t.labels).some((label) => label && foldForSearch(label).includes(q));
  const found = q
    ? tags.filter(
        (t) =>
          matches(t) ||
          t.parents.some((p) => {
            const parent = byId.get(p);
            return parent ? matches(parent) : false;
          }),
      )
    : [...tags];
  const collator = labelCollator(lng);
  return found.sort((a, b) => collator.compare(tagLabel(a, lng), tagLabel(b, lng)));
}

const tableSeparatorRow = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/;
const listItem = /^(?:[-*+]|(\d{1,9})[.)])\s+(?:\[[ xX]\]\s+)?/;

/** One line of Markdown's inline text as plain text: HTML, images, link targets and marks dropped. */
function plainInline(line: string): string {
  return line
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_#~|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Markdown as plain text, one line per block: code blocks, HTML, images and link targets dropped;
 * headings, quotes and paragraphs as their text; list items as "• item" (numbered ones keep their
 * number, "2. item"); table rows as "cell · cell" (the separator row dropped). Lines of one
 * paragraph are joined by a space; blocks are separated by a line break ("\n").
 */
export function plainTextOf(markdown: string): string {
  const lines = markdown.replace(/```[\s\S]*?```/g, '\n').split(/\r?\n/);
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    const text = plainInline(paragraph.join(' '));
    if (text) blocks.push(text);
    paragraph = [];
  };
  for (const raw of lines) {
    const line = raw.trim().replace(/^(?:>\s?)+/, '');
    if (!line) {
      endParagraph();
      continue;
    }
    if (/^([-*_]\s*){3,}$/.test(line) || /^=+$/.test(line)) {
      endParagraph(); // a rule, or the underline of a heading
      continue;
    }
    if (line.includes('|') && /^\|.*\|$|^[^|]+(\|[^|]*)+$/.test(line)) {
      endParagraph();
      if (tableSeparatorRow.test(line)) continue;
      const cells = line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map(plainInline)
        .filter(Boolean);
      if (cells.length) blocks.push(cells.join(' · '));
      continue;
    }
    const item = listItem.exec(line);
    if (item) {
      endParagraph();
      const text = plainInline(line.slice(item[0].length));
      if (text) blocks.push(`${item[1] ? `${item[1]}.` : '•'} ${text}`);
      continue;
    }
    if (/^#{1,6}\s/.test(line)) {
      endParagraph();
      const text = plainInline(line);
      if (text) blocks.push(text);
      continue;
    }
    paragraph.push(line);
  }
  endParagraph();
  return blocks.join('\n');
}

/**
 * A short plain-text excerpt of Markdown (for cards, replies and notifications): `plainTextOf`,
 * its lines kept (show it with `white-space: pre-line`), cut to `max` characters with "…".
 */
export function excerptOf(markdown: string, max = 240): string {
  const text = plainTextOf(markdown);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

// ---- abilities (PRODUCT.md's table) ----

export type SectionType = RoleType | 'open';

/** The role types a user holds (probation or advanced), and whether any is advanced. */
function heldTypes(userRoles: readonly RoleId[]): {
  types: Set<RoleType>;
  advanced: Set<RoleType>;
} {
  const types = new Set<RoleType>();
  const advanced = new Set<RoleType>();
  for (const id of userRoles) {
    const role = roleTable[id];
    if (role.type) {
      types.add(role.type);
      if (role.advanced) advanced.add(role.type);
    }
  }
  return { types, advanced };
}

/**
 * Whether a user (with access) may post in a section of this type, and whether the probation
 * limit of `limits.probationPostsPerDay` applies: open sections → everyone; typed sections →
 * moderators, advanced-X and probation-X (limited) of that type.
 */
export function postingRight(
  userRoles: readonly RoleId[],
  sectionType: SectionType,
): 'no' | 'limited' | 'yes' {
  if (sectionType === 'open' || userRoles.includes('moderator')) return 'yes';
  const { types, advanced } = heldTypes(userRoles);
  if (advanced.has(sectionType)) return 'yes';
  return types.has(sectionType) ? 'limited' : 'no';
}

export function canPostIn(userRoles: readonly RoleId[], sectionType: SectionType): boolean {
  return postingRight(userRoles, sectionType) !== 'no';
}

/** Advanced creators and moderators may create tags (inline while posting, or on /tags). */
export function canCreateTags(userRoles: readonly RoleId[]): boolean {
  return userRoles.includes('moderator') || heldTypes(userRoles).advanced.size > 0;
}
