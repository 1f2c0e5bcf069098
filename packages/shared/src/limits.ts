export const languages = ['en', 'ko', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export const MB = 1024 * 1024;
export const limits = {
  uploadBytes: 25 * MB,
  videoUploadBytes: 100 * MB,
  /** Images with more pixels (width × height of one frame) are refused before decoding. */
  imageMaxPixels: 50_000_000,
  usernameMin: 3,
  usernameMax: 24,
  usernameChangeDays: 30,
  passwordMin: 10,
  passwordMax: 128,
  bioMax: 500,
  linksMax: 5,
  urlMax: 2000,
  applicationAnswerMax: 2000,
  applicationLinksMax: 5,
  reapplyDays: 30,
  decisionNoteMax: 2000,
  banReasonMax: 500,
  statusMax: 1000,
  postTitleMax: 200,
  postBodyMax: 50_000,
  commentMax: 10_000,
  postMediaMax: 10,
  postTagsMax: 10,
  postToolsMax: 200,
  tagLabelMax: 50,
  tagParentsMax: 5,
  probationPostsPerDay: 3,
  notificationsShown: 10,
  snackbarTimeoutMs: 5000,
  debounceMs: 200,
} as const;

/** The seed exports a constant 1000 whose use is not shown; we use it as the page size cap. */
export const MAX_PAGE = 1000;

export const breakpoints = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
