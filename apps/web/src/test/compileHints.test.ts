// @vitest-environment node
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileHint, compileHintsPlugin, withCompileHint } from '../../build/compile-hints.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atelier-compile-hints-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('compile hints', () => {
  it('adds the hint once, as the first line', () => {
    expect(withCompileHint('export const x = 1;')).toBe(`${compileHint}export const x = 1;`);
    expect(withCompileHint(withCompileHint('x()'))).toBe(`${compileHint}x()`);
  });

  it('marks the entry chunk of a real build, first line above Vite’s preload helper, and no lazy chunk', async () => {
    await fs.writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><script type="module" src="/main.js"></script>',
    );
    await fs.writeFile(
      path.join(dir, 'main.js'),
      'document.body.textContent = "entry";\nimport("./lazy.js").then((m) => m.run());\n',
    );
    await fs.writeFile(path.join(dir, 'lazy.css'), 'p { color: red; }');
    await fs.writeFile(
      path.join(dir, 'lazy.js'),
      'import "./lazy.css";\nexport function run() { document.title = "lazy"; }\n',
    );

    const result = (await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      plugins: [compileHintsPlugin()],
      build: { write: false, outDir: path.join(dir, 'dist') },
    })) as Rollup.RollupOutput;

    const chunks = result.output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
    const entry = chunks.find((c) => c.isEntry);
    const lazy = chunks.find((c) => !c.isEntry);
    expect(entry?.code.startsWith(compileHint)).toBe(true);
    // The dynamic import with CSS makes Vite put its preload helper on top of the entry.
    expect(entry?.code).toContain('__vite__mapDeps');
    expect(entry?.code.indexOf(compileHint, 1)).toBe(-1);
    expect(lazy?.code.includes('allFunctionsCalledOnLoad')).toBe(false);
  });
});
