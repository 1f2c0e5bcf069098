/**
 * What the production build gets for `react-dom/client` (vite.config.ts): Preact's `createRoot`,
 * with one difference from `preact/compat` put right.
 *
 * An uncontrolled `<textarea>` (MUI's multiline fields receive `value={undefined}`, the fields of
 * react-hook-form are uncontrolled) keeps a `value` key in compat's props, and compat writes that
 * value back into the element after every render: whatever the person typed was wiped at the next
 * render. React leaves an uncontrolled textarea alone, and takes `defaultValue` as its first text
 * only. So a textarea whose `value` is null or undefined loses the key here, and keeps its
 * `defaultValue` as the DOM's default (which, like React, does not touch a value already typed).
 */
import { options, type VNode } from 'preact';
import 'preact/compat';

// eslint-disable-next-line @typescript-eslint/unbound-method -- Preact calls its hooks as plain functions
const compatVNode = options.vnode;

options.vnode = (vnode: VNode) => {
  const props = vnode.props as { value?: unknown; defaultValue?: unknown };
  const uncontrolledTextarea = vnode.type === 'textarea' && props.value == null;
  const defaultValue = props.defaultValue;
  compatVNode?.(vnode);
  if (!uncontrolledTextarea) return;
  const normalized = vnode.props as { value?: unknown; defaultValue?: unknown };
  delete normalized.value;
  if (defaultValue != null) normalized.defaultValue = defaultValue;
};

export * from 'preact/compat/client';
