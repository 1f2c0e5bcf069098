import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { roles, type RoleId } from '@atelier/shared';
import { RoleLabel } from './RoleLabel.tsx';

/** jsdom reports colours as rgb(); the role colours are #rrggbb. */
function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('RoleLabel', () => {
  it.each<[RoleId, string, boolean]>([
    ['moderator', 'Moderator', false],
    ['probation-writer', 'Writer on probation', false],
    ['member', 'Member', false],
    ['pending', 'Pending', false],
    ['rejected', 'Rejected', true],
    ['banned', 'Banned', true],
  ])('shows %s as "%s" in its colour (line-through: %s)', (role, text, struck) => {
    render(<RoleLabel role={role} />);
    const label = screen.getByText(text);
    const style = getComputedStyle(label);
    expect(style.color).toBe(rgb(roles[role].color));
    expect(style.textDecoration).toBe(struck ? 'line-through' : 'none');
  });
});
