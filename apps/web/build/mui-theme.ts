/**
 * Vite plugin: the app's theme without a ThemeProvider, and its values as static CSS.
 *
 * - MUI's components read their theme from context and fall back to MUI's default theme, a module
 *   of `@mui/material` (`esm/styles/defaultTheme.js`). This plugin gives that module the app's
 *   theme instead (`createTheme(themeOptions)` of src/app/theme.ts), in the build and in the dev
 *   server's pre-bundled dependencies alike. So no provider wraps the app: the first screen runs
 *   no theme code, a page without MUI components loads none of MUI, and a page with them builds
 *   the theme once, when MUI's styles are first loaded. (A ThemeProvider also carries the theme's
 *   `defaultProps`: theme.ts sets none, and must not.)
 * - `virtual:atelier/theme-vars.css` is the theme's values as `--at-…` properties on `:root`
 *   (src/app/themeVars.ts), computed here at build time for the static style sheets.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
const stylesDir = path.join(
  path.dirname(require.resolve('@mui/material/package.json')),
  'esm/styles',
);
const defaultThemeFile = path.join(stylesDir, 'defaultTheme.js');
/** MUI's Box builds a default theme of its own: it is given the default-theme module instead. */
const boxFile = path.join(stylesDir, '../Box/Box.js');
const boxOwnTheme = 'const defaultTheme = createTheme();';

function boxWithDefaultTheme(code: string): string {
  if (!code.includes(boxOwnTheme))
    throw new Error(`${boxFile} no longer has "${boxOwnTheme}": see build/mui-theme.ts`);
  return code.replace(boxOwnTheme, 'import defaultTheme from "../styles/defaultTheme.js";');
}
const themeFile = fileURLToPath(new URL('../src/app/theme.ts', import.meta.url));
const appThemeFile = fileURLToPath(new URL('../src/app/appTheme.ts', import.meta.url));

/**
 * The `:root` rule, from src/app/appTheme.ts run through Vite's module runner (it imports the
 * app's TypeScript and the shared package's).
 */
async function themeVarsCss(): Promise<string> {
  const { module } = await runnerImport<{ themeVarsCss: string }>(appThemeFile, {
    configFile: false,
    logLevel: 'error',
  });
  return module.themeVarsCss;
}

/** What MUI's default-theme module becomes. */
const themeModule = [
  `import createTheme from ${JSON.stringify(path.join(stylesDir, 'createTheme.js'))};`,
  `import { themeOptions } from ${JSON.stringify(themeFile)};`,
  'export default createTheme(themeOptions);',
].join('\n');

const THEME_ID = '\0atelier:mui-theme';
const VARS = 'virtual:atelier/theme-vars.css';
// A `.css` id, so Vite's CSS plugins take what load() returns.
const VARS_ID = '\0atelier:theme-vars.css';

/** Whether `source`, imported by `importer`, is MUI's default-theme module. */
function isDefaultTheme(source: string, importer: string | undefined): boolean {
  return (
    !!importer &&
    importer.includes('@mui/material') &&
    /(^|\/)defaultTheme(\.js)?$/.test(source) &&
    source.startsWith('.') &&
    path.resolve(path.dirname(importer), source.endsWith('.js') ? source : `${source}.js`) ===
      defaultThemeFile
  );
}

export function muiThemePlugin(): Plugin {
  return {
    name: 'atelier-mui-theme',
    enforce: 'pre',
    config() {
      return {
        optimizeDeps: {
          esbuildOptions: {
            plugins: [
              {
                name: 'atelier-mui-theme',
                setup(build) {
                  build.onResolve({ filter: /defaultTheme(\.js)?$/ }, (args) =>
                    isDefaultTheme(args.path, args.importer)
                      ? { path: defaultThemeFile, namespace: 'atelier-mui-theme' }
                      : undefined,
                  );
                  build.onLoad({ filter: /Box\.js$/ }, async (args) =>
                    args.path === boxFile
                      ? {
                          contents: boxWithDefaultTheme(
                            await fs.promises.readFile(boxFile, 'utf8'),
                          ),
                          loader: 'js',
                        }
                      : undefined,
                  );
                  build.onLoad({ filter: /.*/, namespace: 'atelier-mui-theme' }, () => ({
                    contents: themeModule,
                    loader: 'js',
                    resolveDir: stylesDir,
                  }));
                },
              },
            ],
          },
        },
      };
    },
    resolveId(source, importer) {
      if (source === VARS) return VARS_ID;
      if (isDefaultTheme(source, importer)) return THEME_ID;
      return null;
    },
    transform(code, id) {
      return id === boxFile ? boxWithDefaultTheme(code) : null;
    },
    async load(id) {
      if (id === THEME_ID) return themeModule;
      if (id === VARS_ID) return themeVarsCss();
      return null;
    },
  };
}
