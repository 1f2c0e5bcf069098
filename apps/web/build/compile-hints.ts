/**
 * Vite plugin: marks the entry chunk for eager compilation with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chrome 136+; other browsers read a comment). Nearly every
 * function of the entry (Preact, the router, React Query, the shell) runs while the first screen
 * renders; left to V8's lazy compilation, each is compiled on the main thread at its first call,
 * inside the first render's long tasks. With the hint, V8 compiles them while the script streams
 * in, on a background thread. Measured on the post page (docs/performance.md, fifth sitting):
 * about a tenth less main-thread time. Route chunks stay lazily compiled: much of a page's code
 * (dialogs, editors) runs only when asked for.
 *
 * The comment must be the file's first line, so it is added once the bundle is complete (Vite
 * puts its preload helper on top of the entry in its own `generateBundle`). The file name's hash
 * does not cover it, which changes nothing: the comment is the same in every build.
 */
import type { Plugin } from 'vite';

export const compileHint = '//# allFunctionsCalledOnLoad\n';

/** `code` with the hint as its first line (once). */
export function withCompileHint(code: string): string {
  return code.startsWith(compileHint) ? code : compileHint + code;
}

export function compileHintsPlugin(): Plugin {
  return {
    name: 'atelier-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = withCompileHint(chunk.code);
      },
    },
  };
}
