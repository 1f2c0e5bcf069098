/**
 * Asks for an e-mail by address (a reset link, a new verification link): the address of the
 * signed-in person filled in, checked by the shared schema, and once sent, says where it went.
 */
import { useState, type ReactNode } from 'react';
import { useMe } from '../api/me.ts';
import { EmailField } from './FormFields.tsx';
import { Notice } from './Notice.tsx';
import { useZodForm } from './useZodForm.ts';
import { ZodFormCard } from './ZodFormCard.tsx';

/** Zod loads after the first screen (useZodForm). */
const loadSchema = () => import('./formSchemas.ts').then((m) => m.resetRequestSchema);

export function EmailRequestForm({
  send,
  sentMessage,
  submitLabel,
  secondary,
  intro,
  footer,
}: {
  send: (email: string) => Promise<unknown>;
  /** The success message, naming the address the e-mail went to. */
  sentMessage: (email: string) => string;
  /** The button's label, once an e-mail was sent or not yet. */
  submitLabel: (sent: boolean) => string;
  secondary?: boolean;
  intro?: ReactNode;
  footer?: ReactNode;
}) {
  const me = useMe().data;
  const form = useZodForm(loadSchema, { email: me?.email ?? '' });
  /** The address of the last request that succeeded, while no newer one is under way or failed. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = form.submit(async ({ email }) => {
    setSentTo(null);
    await send(email);
    setSentTo(email);
  });

  return (
    <ZodFormCard
      form={form}
      onSubmit={submit}
      submitLabel={submitLabel(sentTo !== null)}
      secondary={secondary}
      status={
        <>
          {intro}
          {sentTo !== null ? (
            <Notice severity="success" role="status">
              {sentMessage(sentTo)}
            </Notice>
          ) : null}
        </>
      }
      footer={footer}
    >
      <EmailField {...form.field('email')} />
    </ZodFormCard>
  );
}
