/**
 * The state of a form with one text field (the composers): its text, the shared schema's verdict
 * on it, the failed submit's error, and whether a submit runs. What `useZodForm` does for a form,
 * for one field and without react-hook-form: a composer sits on the home and under every post,
 * and react-hook-form's setup was a good part of those pages' first render of it (its chunk, 16
 * KB gzip, loaded with them too).
 *
 * The schema loads when someone starts writing (`prepare`: the form's focus or a change), and is
 * awaited by a submit made before it is there; until then nothing is checked and the text is not
 * valid (the submit button stays disabled). A schema that cannot load (offline) shows
 * `errors.network` and is tried again by the next submit.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { serverFieldErrors } from '../errors.ts';
import { loadSchema, type SchemaSource } from '../schemaSource.ts';
import type { FieldElement } from '../TextInput.tsx';

/** The shared schema of a request whose one text field the composer fills. */
export type TextSchema = z.ZodType<Record<string, string>, Record<string, string>>;

export interface TextForm {
  text: string;
  /** Sets the text (a change of the field). */
  change: (text: string) => void;
  /** The schema accepts the text (false until it is loaded). */
  valid: boolean;
  /** The translation key of what is wrong with the text (not blank): the server's, or the schema's. */
  fieldError: string | undefined;
  /** The failed submit's error (for a message of its own), cleared when a submit starts. */
  error: unknown;
  pending: boolean;
  /** Lets the schema load now (the form's `onFocus` and `onChange`). */
  prepare: () => void;
  /** Checks, then runs `action` with the parsed text; the field gets the focus if it fails. */
  submit: (event?: SyntheticEvent) => void;
  /** The text field, for the focus. */
  fieldRef: React.RefObject<FieldElement | null>;
}

export function useTextForm(
  source: SchemaSource<TextSchema>,
  name: string,
  initial: string,
  action: (text: string) => Promise<unknown>,
  /** Keep the text after a successful submit (an inline edit: the form closes instead). */
  keepAfterSubmit = false,
): TextForm {
  const [text, setText] = useState(initial);
  const [schema, setSchema] = useState(() => (typeof source === 'function' ? null : source));
  const [error, setError] = useState<unknown>(null);
  /** The server's verdict on the text that was sent (gone when the text changes). */
  const [serverField, setServerField] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const fieldRef = useRef<FieldElement>(null);
  const mounted = useRef(true);
  /** A submit runs (a ref: two Ctrl+Enter before the next render send once). */
  const busy = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = async (): Promise<TextSchema | null> => {
    if (schema) return schema;
    if (typeof source !== 'function') return source;
    try {
      const loaded = await loadSchema(source);
      if (mounted.current) setSchema(() => loaded);
      return loaded;
    } catch {
      if (mounted.current) setError(new ApiError(0, 'errors.network', 'The form could not load'));
      return null;
    }
  };

  const verdict = schema?.safeParse({ [name]: text });
  const rule = verdict?.success === false ? issueOf(verdict.error, name) : undefined;

  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault();
    // Pending from the first moment (the schema may still load): a second Ctrl+Enter sends nothing.
    if (busy.current) return;
    busy.current = true;
    setError(null);
    setPending(true);
    void (async () => {
      try {
        const loaded = await load();
        if (!loaded) return;
        const parsed = loaded.safeParse({ [name]: text });
        if (!parsed.success) {
          fieldRef.current?.focus();
          return;
        }
        await action(parsed.data[name] ?? '');
        if (!keepAfterSubmit && mounted.current) setText('');
      } catch (err) {
        if (!mounted.current) return;
        setError(err);
        // The text is the only field: whatever field the server names is about it.
        setServerField(Object.values(serverFieldErrors(err))[0]);
      } finally {
        busy.current = false;
        if (mounted.current) setPending(false);
      }
    })();
  };

  return {
    text,
    change: (next) => {
      setText(next);
      setServerField(undefined);
    },
    valid: verdict?.success === true,
    // A blank text is no error to point at: the submit button is disabled.
    fieldError: text.trim() ? (serverField ?? rule) : undefined,
    error,
    pending,
    prepare: () => void load(),
    submit,
    fieldRef,
  };
}

/** The message (a translation key) of the schema's first issue about `name`. */
function issueOf(error: z.ZodError, name: string): string | undefined {
  return (error.issues.find((issue) => issue.path[0] === name) ?? error.issues[0])?.message;
}
