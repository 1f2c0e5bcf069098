/** The roles editor: promote, add/remove with the shared rules checked before any request, reset. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleId } from '@atelier/shared';
import { RolesEditor, type RolesEditorProps } from './RolesEditor.tsx';

function setup(props: Partial<RolesEditorProps> = {}) {
  const onSave = vi.fn();
  const onResetDisplayed = vi.fn();
  const roles: RoleId[] = props.roles ?? ['probation-writer'];
  render(
    <RolesEditor
      roles={roles}
      displayedRole={props.displayedRole ?? roles[0]!}
      self={props.self ?? false}
      pending={false}
      error={props.error ?? null}
      onSave={onSave}
      onResetDisplayed={onResetDisplayed}
    />,
  );
  return { onSave, onResetDisplayed, user: userEvent.setup() };
}

describe('RolesEditor', () => {
  it('promotes probation-X to advanced-X in one click', async () => {
    const { onSave, user } = setup({ roles: ['probation-writer', 'member'] });
    await user.click(screen.getByRole('button', { name: 'Promote to Advanced writer' }));
    expect(onSave).toHaveBeenCalledWith(['advanced-writer', 'member']);
  });

  it('adds and removes roles, saved in canonical order', async () => {
    const { onSave, user } = setup({ roles: ['member'] });
    await user.click(screen.getByRole('checkbox', { name: 'Faker on probation' }));
    await user.click(screen.getByRole('checkbox', { name: 'Moderator' }));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(onSave).toHaveBeenCalledWith(['moderator', 'probation-faker', 'member']);
  });

  it('refuses an empty set or probation with advanced of the same type, without saving', async () => {
    const { onSave, user } = setup({ roles: ['probation-writer'] });
    await user.click(screen.getByRole('checkbox', { name: 'Advanced writer' }));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(screen.getByRole('alert').textContent).toMatch(/cannot be held together/);
    await user.click(screen.getByRole('checkbox', { name: 'Advanced writer' }));
    await user.click(screen.getByRole('checkbox', { name: 'Writer on probation' }));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(screen.getByRole('alert').textContent).toBe('Keep at least one role.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says when there is nothing to save; shows a server error', async () => {
    const { onSave, user } = setup({
      roles: ['member'],
      error: 'errors.moderation.cannotRemoveOwnModerator',
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'You cannot remove your own moderator role.',
    );
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(screen.getByRole('alert').textContent).toBe('No change to save.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps one’s own moderator role checked and locked', () => {
    setup({ roles: ['moderator'], self: true });
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Moderator' });
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
  });

  it('resets the displayed role only when it is not already the default', async () => {
    const { onResetDisplayed, user } = setup({
      roles: ['probation-writer', 'member'],
      displayedRole: 'member',
    });
    await user.click(screen.getByRole('button', { name: 'Reset displayed role' }));
    expect(onResetDisplayed).toHaveBeenCalled();
  });
});
