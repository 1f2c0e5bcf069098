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

/** One rule of a rate-limit class: at most `max` requests in `windowSeconds`. */
export interface RateRule {
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The server's rate-limit classes and their defaults (docs/configuration.md lists each with its
 * source). A class may have several rules (a short burst and a daily cap); a request is refused
 * with 429 when any rule of its class is full. Keys: the client IP, the normalised e-mail address
 * or the signed-in user's id, as the name says. RATE_LIMIT_SCALE multiplies every `max`;
 * RATE_LIMITS overrides single classes.
 */
export const rateLimits = {
  /** Mastodon: throttle_login_attempts/ip, 25 per 5 minutes. */
  signInIp: [{ max: 25, windowSeconds: 5 * MINUTE }],
  /** Mastodon: throttle_login_attempts/email, 25 per hour (every attempt, right or wrong). */
  signInEmail: [{ max: 25, windowSeconds: HOUR }],
  /** Mastodon: throttle_sign_up_attempts/ip, 25 per 5 minutes. */
  signUpIp: [{ max: 25, windowSeconds: 5 * MINUTE }],
  /** Reset and verification mails per IP. Mastodon: throttle_password_resets/ip, 25 per 5 minutes. */
  mailIp: [{ max: 25, windowSeconds: 5 * MINUTE }],
  /** Reset mails per address. Mastodon: throttle_password_resets/email, 5 per 30 minutes. */
  resetEmail: [{ max: 5, windowSeconds: 30 * MINUTE }],
  /** Verification mails per address. Mastodon: throttle_email_confirmations/email, 5 per 30 minutes. */
  verifyEmail: [{ max: 5, windowSeconds: 30 * MINUTE }],
  /** Setting a password (reset link, change) per IP: like sign-in. */
  passwordIp: [{ max: 25, windowSeconds: 5 * MINUTE }],
  /** Discourse: rate_limit_create_topic 15 s (4 a minute) and max_topics_per_day 20. */
  post: [
    { max: 4, windowSeconds: MINUTE },
    { max: 20, windowSeconds: DAY },
  ],
  /**
   * Comments and comment replies. Discourse: rate_limit_create_post 5 s (12 a minute);
   * Mastodon: 300 statuses per 3 hours.
   */
  comment: [
    { max: 12, windowSeconds: MINUTE },
    { max: 300, windowSeconds: 3 * HOUR },
  ],
  /** Status updates and their replies: the same figures as comments. */
  status: [
    { max: 12, windowSeconds: MINUTE },
    { max: 300, windowSeconds: 3 * HOUR },
  ],
  /**
   * Like toggles (a like or an unlike). Discourse: max_likes_per_day 50 (×2 for trusted users);
   * here 30 a minute and 200 a day, since an unlike counts too.
   */
  like: [
    { max: 30, windowSeconds: MINUTE },
    { max: 200, windowSeconds: DAY },
  ],
  /** Edits of posts, comments, replies and status updates. Discourse: max_edits_per_day 30. */
  edit: [{ max: 30, windowSeconds: DAY }],
  /** Series and credits: creating, editing, placing a post, setting a post's credits. */
  credits: [{ max: 60, windowSeconds: HOUR }],
  /** Reports, new or updated. Discourse: max_flags_per_day 20; here 20 an hour. */
  report: [{ max: 20, windowSeconds: HOUR }],
  /** Uploads. Mastodon: 30 media per 30 minutes; here 40 per 10 minutes (four posts of ten files). */
  upload: [{ max: 40, windowSeconds: 10 * MINUTE }],
  /** Exports of one's own data (a ZIP of everything, media included): 3 an hour, 10 a day. */
  dataExport: [
    { max: 3, windowSeconds: HOUR },
    { max: 10, windowSeconds: DAY },
  ],
  /** Account deletion requests (each checks the password): like a sign-in, per user. */
  accountDeletion: [{ max: 10, windowSeconds: HOUR }],
  /** The web app's error reports (POST /api/client-errors) per IP. */
  clientErrorIp: [{ max: 30, windowSeconds: MINUTE }],
} as const satisfies Record<string, readonly RateRule[]>;

export type RateLimitClass = keyof typeof rateLimits;
export const rateLimitClasses = Object.keys(rateLimits) as RateLimitClass[];
