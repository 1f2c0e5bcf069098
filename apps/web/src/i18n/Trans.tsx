/**
 * A message with elements in it (`We sent a link to <strong>{{email}}</strong>.`), as React nodes:
 * each tag named in `components` becomes that element around its text, and `{{name}}` is filled
 * from `values` after the message is split, so a value is always text, never markup. Tags do not
 * nest; a tag not in `components` stays as written. Its own module: one page uses it.
 */
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { interpolate, type Value } from './translate.ts';
import { useTranslation } from './useTranslation.tsx';

const tag = /<(\w+)>(.*?)<\/\1>/gs;

export function Trans({
  i18nKey,
  values = {},
  components,
}: {
  i18nKey: string;
  values?: Record<string, Value>;
  components: Record<string, ReactElement>;
}) {
  const { t } = useTranslation();
  const message = t(i18nKey);
  const nodes: ReactNode[] = [];
  let last = 0;
  const text = (end: number) => {
    if (end > last) nodes.push(interpolate(message.slice(last, end), values));
  };
  for (const match of message.matchAll(tag)) {
    const [whole, name = '', inner = ''] = match;
    const element = Object.hasOwn(components, name) ? components[name] : undefined;
    if (!element) continue;
    text(match.index);
    nodes.push(cloneElement(element, { key: match.index }, interpolate(inner, values)));
    last = match.index + whole.length;
  }
  text(message.length);
  return <>{nodes}</>;
}
