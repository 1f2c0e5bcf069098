#!/usr/bin/env node
/**
 * Fails when a package in package-lock.json declares an `engines.node` range that excludes the
 * oldest Node we support (20.19.0, see `engines` in package.json). Run by `.ci/run` after `npm ci`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const oldest = process.argv[2] ?? '20.19.0';
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

const bad = [];
for (const [where, pkg] of Object.entries(lock.packages ?? {})) {
  const range = pkg.engines?.node;
  if (typeof range !== 'string') continue;
  if (!semver.validRange(range) || !semver.satisfies(oldest, range, { includePrerelease: true }))
    bad.push(
      `${where || '(root)'}${pkg.version ? `@${pkg.version}` : ''}: engines.node "${range}"`,
    );
}
if (bad.length) {
  console.error(`Packages that do not support Node ${oldest}:\n  ${bad.join('\n  ')}`);
  process.exit(1);
}
console.log(`Every package in package-lock.json supports Node ${oldest}.`);
