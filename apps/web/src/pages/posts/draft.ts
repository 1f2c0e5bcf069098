/**
 * Editor drafts in localStorage: one per new post in a section (`atelier.draft.new.<section>`) and
 * one per edited post (`atelier.draft.post.<id>`). Saved while typing, restored on reload,
 * cleared when the post is saved or the draft is discarded. Unreadable drafts are ignored.
 */
import { provenances, type Media, type Provenance } from '@atelier/shared';

export interface PostDraft {
  section: string;
  title: string;
  body: string;
  provenance: Provenance | '';
  tools: string;
  tags: string[];
  /** Uploaded files, in order (their ids are attached on save). */
  media: Media[];
}

export const emptyDraft = (section = ''): PostDraft => ({
  section,
  title: '',
  body: '',
  provenance: '',
  tools: '',
  tags: [],
  media: [],
});

export function draftKey(target: { postId: string } | { section: string }): string {
  return 'postId' in target
    ? `atelier.draft.post.${target.postId}`
    : `atelier.draft.new.${target.section || '_'}`;
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

function isMedia(v: unknown): v is Media {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  return (
    typeof m.id === 'string' &&
    typeof m.url === 'string' &&
    (m.kind === 'image' || m.kind === 'video')
  );
}

export function parseDraft(raw: string | null): PostDraft | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const str = (x: unknown) => (typeof x === 'string' ? x : '');
    const provenance = (provenances as readonly unknown[]).includes(v.provenance)
      ? (v.provenance as Provenance)
      : '';
    return {
      section: str(v.section),
      title: str(v.title),
      body: str(v.body),
      provenance,
      tools: str(v.tools),
      tags: isStringArray(v.tags) ? v.tags : [],
      media: Array.isArray(v.media) ? v.media.filter(isMedia) : [],
    };
  } catch {
    return null;
  }
}

export function loadDraft(key: string): PostDraft | null {
  try {
    return parseDraft(localStorage.getItem(key));
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: PostDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the draft simply is not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

export function sameDraft(a: PostDraft, b: PostDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
