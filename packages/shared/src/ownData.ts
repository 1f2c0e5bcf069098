/**
 * One's own data (issue 11 item 7): export and account deletion.
 *
 * Which route takes and answers what is declared once, in the route table (./routes/), and
 * browsable at /api/docs.
 */
/** Days between the request and the deletion; signing in during them offers to cancel. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;

/** What happens to what the user wrote: kept under "[deleted user]", or removed. */
export const accountDeletionModes = ['keep', 'remove'] as const;
export type AccountDeletionMode = (typeof accountDeletionModes)[number];

/** The name every deleted account shows. */
export const DELETED_USERNAME = '[deleted user]';
