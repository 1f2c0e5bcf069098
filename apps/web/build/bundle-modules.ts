/**
 * Vite plugin, active when ATELIER_BUNDLE_REPORT is set: after the bundle is generated, prints the
 * packages (and our own folders) that fill the entry chunk, by their size before minification,
 * so what the first screen does not need can be found and moved out. `ATELIER_BUNDLE_REPORT=
 * PostPage` (a chunk's name) prints that chunk's too.
 */
import type { Plugin } from 'vite';

export function groupOf(id: string): string {
  const nodeModules = id.lastIndexOf('node_modules/');
  if (nodeModules < 0) return id.replace(/^.*?\/(apps|packages)\//, '$1/').replace(/\/[^/]*$/, '/');
  const parts = id.slice(nodeModules + 'node_modules/'.length).split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? id);
}

export function bundleModulesPlugin(): Plugin {
  return {
    name: 'atelier-bundle-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const wanted = process.env.ATELIER_BUNDLE_REPORT;
      if (!wanted) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.name === wanted)) continue;
        const groups = new Map<string, number>();
        for (const [id, module] of Object.entries(chunk.modules))
          groups.set(groupOf(id), (groups.get(groupOf(id)) ?? 0) + module.renderedLength);
        const lines = [
          `${chunk.isEntry ? 'Entry chunk' : 'Chunk'} ${chunk.fileName}, by package (bytes before minification):`,
        ];
        for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1]))
          lines.push(`  ${String(bytes).padStart(8)}  ${group}`);
        this.info(lines.join('\n'));
      }
    },
  };
}
