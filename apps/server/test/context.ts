/**
 * The usual prelude of a server test file as one call each: a fixture made in `beforeAll` (and
 * disposed of in `afterAll`) is returned at once as a stand-in that forwards every read to the
 * value once it exists, so a file writes
 *
 *     const t = useAuthApp();
 *     const { mod, alice } = useUsers(t, { mod: ['moderator'], alice: ['member'] });
 *
 * instead of `let t: TestApp; let mod: TestUser; beforeAll(…); afterAll(() => t.close())`.
 * Hooks run in the order the calls stand in (a fixture may use those above it), and reading a
 * stand-in before its `beforeAll` has run throws.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RoleId } from '@atelier/shared';
import type { Config } from '../src/config.ts';
import {
  createAuthTestApp,
  createUser,
  relaxedWriteLimits,
  type NewUser,
  type TestUser,
} from './factories.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers.ts';
import { socketKit, type SocketKit } from './live-sockets.ts';

/** A value made in `beforeAll` (and given to `dispose` in `afterAll`), through a stand-in. */
export function useFixture<T extends object>(
  make: () => Promise<T>,
  dispose?: (value: T) => unknown,
): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  if (dispose)
    afterAll(async () => {
      if (value) await dispose(value);
    });
  return standIn(() => value);
}

/** An object that reads through to `current()` (which must exist by then). */
function standIn<T extends object>(current: () => T | undefined): T {
  const target = (): T => {
    const value = current();
    if (!value) throw new Error('test fixture read before its beforeAll ran');
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = target();
      const field: unknown = Reflect.get(value, key, value);
      return typeof field === 'function' ? (field as () => unknown).bind(value) : field;
    },
    set: (_, key, field) => Reflect.set(target(), key, field),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * A plain test app (`createTestApp`) for the file or `describe` it stands in; `overrides` may be a
 * function, called in `beforeAll` (for values made then, such as a directory).
 */
export function useTestApp(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  options: TestAppOptions = {},
): TestApp {
  return useFixture(
    () => createTestApp(typeof overrides === 'function' ? overrides() : overrides, options),
    (t) => t.close(),
  );
}

/** A test app (`createAuthTestApp`: auth limits relaxed) for the file or `describe` it stands in. */
export function useAuthApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): TestApp {
  return useFixture(
    () => createAuthTestApp(overrides, options),
    (t) => t.close(),
  );
}

/**
 * `useAuthApp` with the per-user write limits off (`relaxedWriteLimits`): for files whose few
 * shared users write far more than a person would (rate-limits.test.ts tests those limits).
 */
export function useWritersApp(options: TestAppOptions = {}): TestApp {
  return useAuthApp({ RATE_LIMITS: relaxedWriteLimits() }, options);
}

/** How to make one user: its roles, or all of `createUser`'s options (`{}`: pending). */
export type UserSpec = RoleId[] | (NewUser & { roles?: RoleId[]; verified?: boolean });

/** Signed-in users made at once in `beforeAll`, one stand-in a name. */
export function useUsers<K extends string>(
  t: TestApp,
  specs: Record<K, UserSpec>,
): Record<K, TestUser> {
  const names = Object.keys(specs) as K[];
  const made = useFixture(async () => {
    const users = await Promise.all(
      names.map((name) => {
        const spec = specs[name];
        return createUser(t, Array.isArray(spec) ? { roles: spec } : spec);
      }),
    );
    return Object.fromEntries(names.map((name, i) => [name, users[i]])) as Record<K, TestUser>;
  });
  return Object.fromEntries(names.map((name) => [name, standIn(() => made[name])])) as Record<
    K,
    TestUser
  >;
}

/**
 * A maker of temporary directories (in the system temp dir, named `prefix` and a random suffix),
 * all removed in `afterAll`.
 */
export function useTempDirs(defaultPrefix = 'atelier-'): (prefix?: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (prefix = defaultPrefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** `t` listening on a free port, and its Socket.IO clients, all closed after each test. */
export function useSockets(t: TestApp): SocketKit & { readonly url: string } {
  const kit = useFixture(async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { ...socketKit(t, url), url };
  });
  afterEach(() => kit.closeAll());
  return kit;
}
