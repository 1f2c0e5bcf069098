/**
 * The text composer with the schema, words and limit of its conversation: comments
 * (`commentSchema`, ≤ `commentMax`, Markdown hint) or status updates (`statusUpdateSchema`,
 * ≤ `statusMax`). `ConversationComposer` for a new comment or
 * status update and the inline edits, `ReplyComposer` for "Your reply to @user".
 */
import { useTranslation } from '../../i18n/useTranslation.tsx';
import { limits, type PublicUser } from '@atelier/shared';
import type { SchemaSource } from '../useZodForm.ts';
import type { ConversationNs } from '../ItemActions.tsx';
import { TextComposer, type TextComposerProps, type TextSchema } from './TextComposer.tsx';

/**
 * Each conversation's shared schema (a reply's text is checked the same), its field and limit. The
 * schemas load after the first screen: the composers sit on pages people mostly read.
 */
const kinds: Record<
  ConversationNs,
  { schema: SchemaSource<TextSchema>; name: string; max: number; hintKey: string | null }
> = {
  comments: {
    schema: () => import('../formSchemas.ts').then((m) => m.commentSchema),
    name: 'body',
    max: limits.commentMax,
    hintKey: 'comments.markdownHint',
  },
  status: {
    schema: () => import('../formSchemas.ts').then((m) => m.statusUpdateSchema),
    name: 'content',
    max: limits.statusMax,
    hintKey: null,
  },
};

export type ConversationComposerProps = Omit<
  TextComposerProps,
  'schema' | 'name' | 'max' | 'hint'
> & {
  ns: ConversationNs;
};

export function ConversationComposer({ ns, ...props }: ConversationComposerProps) {
  const { t } = useTranslation();
  const kind = kinds[ns];
  return (
    <TextComposer
      schema={kind.schema}
      name={kind.name}
      max={kind.max}
      hint={kind.hintKey ? t(kind.hintKey) : undefined}
      {...props}
    />
  );
}

/** The reply composer of a thread: "Your reply to @user", sent with "Reply". */
export function ReplyComposer({
  ns,
  to,
  ...props
}: Omit<ConversationComposerProps, 'label' | 'submitLabel'> & { to: PublicUser }) {
  const { t } = useTranslation();
  return (
    <ConversationComposer
      ns={ns}
      label={t(`${ns}.replyLabel`, { username: to.username })}
      submitLabel={t(`${ns}.sendReply`)}
      {...props}
    />
  );
}
