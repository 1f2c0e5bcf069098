/**
 * One way to write a form: react-hook-form validated by the shared Zod schema of the request
 * (`zodResolver`), so the browser checks exactly what the server will. `submit(action)` runs the
 * request with the parsed values; the server's field errors land on the same fields, anything
 * else in `error` (shown by `<FormError>`). Messages are translation keys (`errors.*`);
 * `message(name)` gives a field's text in the current language, ready for a helperText.
 *
 * The schema may be given as a loader (`() => import('./formSchemas.ts').then((m) => m.x)`): Zod
 * (27 KB gzip) then loads after the first screen, not before it — for the forms on pages people
 * mostly read or land on (sign-in, the composers). The form shows at once; the loading starts
 * once the page is idle after the form mounts, or, with `loadOn: 'focus'` (the composers under
 * what people read), only when the form is first focused (`prepare`, its `onFocus`) — until then
 * nothing is checked. A submit before it is done waits for it.
 */
import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type RefCallBack,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from '../i18n/useTranslation.tsx';
import type { z } from 'zod';
import { ApiError } from '../api/client.ts';
import { afterIdle } from '../app/idle.ts';
import { serverFieldErrors, translateError, type FieldErrors } from './errors.ts';
import { loadSchema, schemaRequested, type SchemaSource } from './schemaSource.ts';

export type { SchemaSource } from './schemaSource.ts';

export interface ZodForm<TIn extends FieldValues, TOut> extends UseFormReturn<TIn, unknown, TOut> {
  /** The submit handler for `<form onSubmit>`: validates, then runs `action` with the parsed values. */
  submit(action: (values: TOut) => Promise<unknown>): (event?: React.BaseSyntheticEvent) => void;
  /** The failed submit's error (for `<FormError>`), cleared when a submit starts. */
  error: unknown;
  /** True while `action` runs. */
  pending: boolean;
  /** The translated error of a field (dotted path), if any. */
  message(name: Path<TIn>): string | undefined;
  /** Lets a loaded schema load now (`loadOn: 'focus'`: the form's `onFocus` and `onChange`). */
  prepare: () => void;
  /**
   * The props of a text field (MUI `TextField`) for `name`: registered (its `ref` as `inputRef`),
   * marked invalid with its error as helper text, else `hint`.
   */
  field(name: Path<TIn>, hint?: string): TextFieldBinding;
}

/** What `field(name)` gives a MUI `TextField`. */
export interface TextFieldBinding extends Omit<UseFormRegisterReturn, 'ref'> {
  inputRef: RefCallBack;
  error: boolean;
  helperText: string | undefined;
}

/**
 * When a form may load its schema: a promise and the function resolving it. A form's first check
 * (react-hook-form checks on mount when the form shows whether it is valid) waits for it rather
 * than fetching and running Zod while the first screen is still being drawn.
 */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * The resolver of a schema or of a loader (loaded once `ready`, unless it is loaded already). A
 * schema that cannot load (offline) fails the check: `onLoadFailed` shows why, the form's `root`
 * error stops the submit, and the next check loads again.
 */
function resolverOf<S extends z.ZodType<unknown, FieldValues>>(
  source: SchemaSource<S>,
  ready: Promise<void>,
  onLoadFailed: () => void,
): Resolver<FieldValues, unknown, unknown> {
  if (typeof source !== 'function') return zodResolver(source as never);
  return async (values, context, options) => {
    let schema: S;
    try {
      if (!schemaRequested(source)) await ready;
      schema = await loadSchema(source);
    } catch {
      onLoadFailed();
      return { values: {}, errors: { root: { type: 'load', message: 'errors.network' } } };
    }
    return zodResolver(schema as never)(values, context, options);
  };
}

export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: SchemaSource<S>,
  defaultValues: DefaultValues<z.input<S>>,
  {
    codeFields = {},
    serverFields = (errors) => errors,
    mode,
    onInvalid,
    loadOn = 'idle',
  }: {
    /** Error codes that are about one field (a wrong current password): shown on that field. */
    codeFields?: Partial<Record<string, Path<z.input<S>>>>;
    /**
     * Moves the server's field errors onto the form's fields: a field the server names otherwise,
     * a list sent without its empty items (`values`: the form's values as sent).
     */
    serverFields?: (errors: FieldErrors, values: z.input<S>) => FieldErrors;
    /** When fields are checked: on submit (the default), or as they change (a live counter). */
    mode?: 'onSubmit' | 'onChange';
    /**
     * Called when the browser's check refuses a submit, with the fields at fault (their top-level
     * names); the form then leaves the focus to it (react-hook-form focuses the first one else).
     */
    onInvalid?: (fields: string[]) => void;
    /** When a loaded schema starts loading: once the page is idle, or on the form's first focus. */
    loadOn?: 'idle' | 'focus';
  } = {},
): ZodForm<z.input<S>, z.output<S>> {
  type In = z.input<S>;
  type Out = z.output<S>;
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [loading] = useState(gate);
  const [resolver] = useState(() =>
    resolverOf(schema, loading.opened, () => {
      setError(new ApiError(0, 'errors.network', 'The form could not load'));
    }),
  );
  const form = useForm<In, unknown, Out>({
    resolver: resolver as unknown as Resolver<In, unknown, Out>,
    defaultValues,
    mode,
    shouldFocusError: !onInvalid,
  });
  // A loaded schema starts loading once the page is idle after the form mounts, so it is there by
  // the first check (or on focus).
  const prepare = () => {
    loading.open();
    if (typeof schema === 'function') loadSchema(schema).catch(() => undefined); // tried again on submit
  };
  useEffect(() => {
    if (loadOn === 'idle') return afterIdle(prepare, 2_000);
    // `prepare` only reads what is fixed for the form's life (its gate, its schema).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadOn]);

  const submit: ZodForm<In, Out>['submit'] = (action) => (event) => {
    loading.open();
    // A new attempt: the last one's error goes, whether or not this one reaches the server.
    setError(null);
    void form.handleSubmit(
      async (values) => {
        try {
          await action(values);
        } catch (err) {
          const onField = err instanceof ApiError ? codeFields[err.code] : undefined;
          if (onField) {
            form.setError(onField, { type: 'server', message: (err as ApiError).code });
            return;
          }
          setError(err);
          for (const [name, key] of Object.entries(
            serverFields(serverFieldErrors(err), form.getValues()),
          ))
            form.setError(name as Path<In>, { type: 'server', message: key });
        }
      },
      onInvalid && ((errors) => onInvalid(Object.keys(errors))),
    )(event);
  };

  const message = (name: Path<In>): string | undefined => {
    const error: { message?: string } | undefined = get(form.formState.errors, name);
    return error?.message ? translateError(t, error.message) : undefined;
  };

  const field = (name: Path<In>, hint?: string): TextFieldBinding => {
    const { ref, ...input } = form.register(name);
    const text = message(name);
    return { ...input, inputRef: ref, error: Boolean(text), helperText: text ?? hint };
  };

  return {
    ...form,
    submit,
    error,
    pending: form.formState.isSubmitting,
    message,
    field,
    prepare,
  };
}
