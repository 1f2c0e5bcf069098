/**
 * Vite plugin, active when ATELIER_BUNDLE_REPORT=1: after the bundle is generated, prints the
 * packages (and our own folders) that fill the entry chunk, by their size before minification,
 * so what the first screen does not need can be found and moved out.
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
      if (process.env.ATELIER_BUNDLE_REPORT !== '1') return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const groups = new Map<string, number>();
        for (const [id, module] of Object.entries(chunk.modules))
          groups.set(groupOf(id), (groups.get(groupOf(id)) ?? 0) + module.renderedLength);
        const lines = [`Entry chunk ${chunk.fileName}, by package (bytes before minification):`];
        for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1]))
          lines.push(`  ${String(bytes).padStart(8)}  ${group}`);
        this.info(lines.join('\n'));
      }
    },
  };
}
