/**
 * One way to write a form: react-hook-form validated by the shared Zod schema of the request
 * (`zodResolver`), so the browser checks exactly what the server will. `submit(action)` runs the
 * request with the parsed values; the server's field errors land on the same fields, anything
 * else in `error` (shown by `<FormError>`). Messages are translation keys (`errors.*`);
 * `message(name)` gives a field's text in the current language, ready for a helperText.
 */
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../api/client.ts';
import { serverFieldErrors, translateError } from './errors.ts';

export interface ZodForm<TIn extends FieldValues, TOut> extends UseFormReturn<TIn, unknown, TOut> {
  /** The submit handler for `<form onSubmit>`: validates, then runs `action` with the parsed values. */
  submit(action: (values: TOut) => Promise<unknown>): (event?: React.BaseSyntheticEvent) => void;
  /** The failed submit's error (for `<FormError>`), cleared when a submit starts. */
  error: unknown;
  /** True while `action` runs. */
  pending: boolean;
  /** The translated error of a field (dotted path), if any. */
  message(name: Path<TIn>): string | undefined;
}

export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  {
    codeFields = {},
  }: {
    /** Error codes that are about one field (a wrong current password): shown on that field. */
    codeFields?: Partial<Record<string, Path<z.input<S>>>>;
  } = {},
): ZodForm<z.input<S>, z.output<S>> {
  type In = z.input<S>;
  type Out = z.output<S>;
  const { t } = useTranslation();
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema as never),
    defaultValues,
  });
  const [error, setError] = useState<unknown>(null);

  const submit: ZodForm<In, Out>['submit'] = (action) => (event) => {
    // A new attempt: the last one's error goes, whether or not this one reaches the server.
    setError(null);
    void form.handleSubmit(async (values) => {
      try {
        await action(values);
      } catch (err) {
        const onField = err instanceof ApiError ? codeFields[err.code] : undefined;
        if (onField) {
          form.setError(onField, { type: 'server', message: (err as ApiError).code });
          return;
        }
        setError(err);
        for (const [name, key] of Object.entries(serverFieldErrors(err)))
          form.setError(name as Path<In>, { type: 'server', message: key });
      }
    })(event);
  };

  const message = (name: Path<In>): string | undefined => {
    const error: { message?: string } | undefined = get(form.formState.errors, name);
    return error?.message ? translateError(t, error.message) : undefined;
  };

  return { ...form, submit, error, pending: form.formState.isSubmitting, message };
}
