/**
 * The plain text field: what a person and a screen reader get from it (its label, its hint or
 * error, whether it is required or invalid), the adornments inside its outline, a click on its
 * padding, and a text area that grows with its text where the browser does not size it itself.
 */
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from './TextInput.tsx';

describe('TextInput', () => {
  it('is named by its label and described by its helper text', () => {
    render(<TextInput label="E-mail" helperText="We never share it." />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAccessibleDescription('We never share it.');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('marks a required field with an asterisk its name leaves out', () => {
    render(<TextInput label="Reason" required />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Reason' });
    expect(input).toBeRequired();
    expect(input.labels?.[0]?.textContent).toBe('Reason\u2009*');
  });

  it('says it is invalid, with its error as its description', () => {
    render(<TextInput label="Username" error helperText="This name is taken." />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('This name is taken.');
  });

  it('shows a counter beside the helper text, both describing the field', () => {
    render(<TextInput label="Bio" multiline helperText="Markdown works." counter="12 / 500" />);
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveAccessibleDescription(
      'Markdown works.12 / 500',
    );
  });

  it('gives the input its attributes and hands it to inputRef', () => {
    const inputRef = createRef<HTMLInputElement & HTMLTextAreaElement>();
    render(
      <TextInput
        label="Search"
        type="search"
        maxLength={200}
        enterKeyHint="search"
        autoComplete="off"
        inputRef={inputRef}
      />,
    );
    const input = screen.getByRole('searchbox', { name: 'Search' });
    expect(inputRef.current).toBe(input);
    expect(input).toHaveAttribute('maxlength', '200');
    expect(input).toHaveAttribute('enterkeyhint', 'search');
    expect(input).toHaveAttribute('autocomplete', 'off');
  });

  it('shows adornments inside the field, and a click on its padding focuses the input', async () => {
    const user = userEvent.setup();
    render(
      <TextInput
        label="Password"
        type="password"
        endAdornment={<button type="button">Show password</button>}
      />,
    );
    const input = screen.getByLabelText('Password');
    const button = screen.getByRole('button', { name: 'Show password' });
    // The adornment sits in the field's outline, after the input.
    expect(input.parentElement).toContainElement(button);
    await user.click(input.parentElement!);
    expect(input).toHaveFocus();
    // A click on the adornment is the adornment's.
    await user.click(button);
    expect(button).toHaveFocus();
  });

  it('passes typing to onChange, and holds a controlled value', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const { rerender } = render(
      <TextInput label="Title" value="" onChange={(e) => seen.push(e.target.value)} />,
    );
    await user.type(screen.getByLabelText('Title'), 'a');
    expect(seen).toEqual(['a']);
    rerender(<TextInput label="Title" value="Draft" onChange={() => {}} />);
    expect(screen.getByLabelText('Title')).toHaveValue('Draft');
  });

  it('grows a text area with its text where the browser does not size it (no field-sizing)', async () => {
    const user = userEvent.setup();
    render(<TextInput label="Note" multiline minRows={2} />);
    const textarea = screen.getByLabelText('Note');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('rows', '2');
    // Nothing typed: the rows give the height, nothing is measured as the field mounts.
    expect(textarea.style.height).toBe('');
    Object.defineProperty(textarea, 'scrollHeight', { configurable: true, value: 23 * 5 });
    await user.type(textarea, 'one{Enter}two{Enter}three{Enter}four{Enter}five');
    expect(textarea.style.height).toBe(`${23 * 5}px`);
  });
});
