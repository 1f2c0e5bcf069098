/**
 * The production build's `useId` (build/preact-react.ts): unique in the document across render
 * roots. Preact's own counts from `P0-0` again in each root — a dialog (a portal) and the page
 * under it gave two fields one id, and the dialog's label named the page's field.
 */
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { useId } from '../../build/preact-react.ts';

function Field() {
  const id = useId();
  return h('input', { id });
}

describe('useId of the Preact build', () => {
  it('gives fields in two roots different ids, and keeps each across renders', () => {
    const first = document.createElement('div');
    const second = document.createElement('div');
    render(h(Field, null), first);
    render(h(Field, null), second);
    const firstId = first.querySelector('input')?.id;
    const secondId = second.querySelector('input')?.id;
    expect(firstId).toBeTruthy();
    expect(secondId).toBeTruthy();
    expect(firstId).not.toBe(secondId);
    render(h(Field, null), first);
    expect(first.querySelector('input')?.id).toBe(firstId);
  });
});
