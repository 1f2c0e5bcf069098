/** The eleven roles of the seed and the rules derived from them. */
import { describe, expect, it } from 'vitest';
import {
  grantableRoles,
  hasAccess,
  isBanned,
  isModerator,
  isRoleId,
  probationRoleFor,
  roleIds,
  roleLineThrough,
  roles,
  roleTypeCode,
  type RoleId,
} from './roles.ts';

describe('roles', () => {
  it('are the eleven of the seed', () => {
    // Listed alphabetically; both sides are sorted.
    expect([...roleIds].sort()).toEqual(
      [
        'advanced-ai-artist',
        'advanced-faker',
        'advanced-writer',
        'banned',
        'member',
        'moderator',
        'pending',
        'probation-ai-artist',
        'probation-faker',
        'probation-writer',
        'rejected',
      ].sort(),
    );
    for (const id of roleIds) expect(roles[id].id).toBe(id);
  });

  it('carry the seed types (faker 0, writer 1, aiArtist 2); moderator, member and no-access roles have none', () => {
    expect(roleTypeCode).toEqual({ faker: 0, writer: 1, aiArtist: 2 });
    const types: Record<RoleId, string | undefined> = {
      moderator: undefined,
      'advanced-faker': 'faker',
      'probation-faker': 'faker',
      'advanced-writer': 'writer',
      'probation-writer': 'writer',
      'advanced-ai-artist': 'aiArtist',
      'probation-ai-artist': 'aiArtist',
      member: undefined,
      pending: undefined,
      rejected: undefined,
      banned: undefined,
    };
    for (const id of roleIds) expect(roles[id].type, id).toBe(types[id]);
  });

  it('mark advanced roles advanced and probation roles not', () => {
    const advanced = roleIds.filter((id) => roles[id].advanced);
    expect(advanced.sort()).toEqual(['advanced-ai-artist', 'advanced-faker', 'advanced-writer']);
  });

  it('mark exactly pending, rejected and banned as no-access', () => {
    expect(roleIds.filter((id) => roles[id].noAccess).sort()).toEqual([
      'banned',
      'pending',
      'rejected',
    ]);
  });

  it('give the moderator red, each type its own colour, probation a lighter shade of it', () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    const [r, g, b] = rgb(roles.moderator.color);
    expect(r).toBeGreaterThan(g! + 80);
    expect(r).toBeGreaterThan(b! + 80);
    const lightness = (hex: string) => rgb(hex).reduce((sum, c) => sum + c, 0);
    const pairs = [
      ['advanced-faker', 'probation-faker'],
      ['advanced-writer', 'probation-writer'],
      ['advanced-ai-artist', 'probation-ai-artist'],
    ] as const;
    for (const [advanced, probation] of pairs)
      expect(lightness(roles[probation].color)).toBeGreaterThan(lightness(roles[advanced].color));
    const typeColours = new Set(pairs.map(([advanced]) => roles[advanced].color));
    expect(typeColours.size).toBe(3);
    for (const id of roleIds) expect(roles[id].color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('name each role with a translation key suffix', () => {
    const names = roleIds.map((id) => roles[id].name);
    expect(new Set(names).size).toBe(roleIds.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-zA-Z]*$/);
  });
});

describe('derived flags', () => {
  it('hasAccess only when no role is no-access', () => {
    expect(hasAccess(['member'])).toBe(true);
    expect(hasAccess(['moderator', 'advanced-writer'])).toBe(true);
    expect(hasAccess(['pending'])).toBe(false);
    expect(hasAccess(['rejected'])).toBe(false);
    expect(hasAccess(['member', 'banned'])).toBe(false);
    expect(hasAccess(['moderator', 'pending'])).toBe(false);
  });

  it('isBanned and isModerator when the user holds that role', () => {
    expect(isBanned(['member', 'banned'])).toBe(true);
    expect(isBanned(['member'])).toBe(false);
    expect(isModerator(['moderator', 'banned'])).toBe(true);
    expect(isModerator(['advanced-faker'])).toBe(false);
  });

  it('strikes through no-access roles except pending', () => {
    const struck = roleIds.filter((id) => roleLineThrough(id));
    expect(struck.sort()).toEqual(['banned', 'rejected']);
    expect(roleLineThrough('pending')).toBe(false);
  });

  it('recognises role ids', () => {
    expect(isRoleId('probation-writer')).toBe(true);
    expect(isRoleId('admin')).toBe(false);
    expect(isRoleId(3)).toBe(false);
  });
});

describe('granting', () => {
  it('grants member or a probation role, never advanced, moderator or no-access roles', () => {
    expect([...grantableRoles].sort()).toEqual([
      'member',
      'probation-ai-artist',
      'probation-faker',
      'probation-writer',
    ]);
  });

  it('maps a requested type to its probation role, none to member', () => {
    expect(probationRoleFor('faker')).toBe('probation-faker');
    expect(probationRoleFor('writer')).toBe('probation-writer');
    expect(probationRoleFor('aiArtist')).toBe('probation-ai-artist');
    expect(probationRoleFor('none')).toBe('member');
  });
});
