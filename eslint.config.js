// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { readdirSync } from 'node:fs';

/*
 * Layers (docs/architecture.md, "Layers"): who may import whom, as `no-restricted-imports`
 * patterns per folder. Imports are relative, so each pattern matches `../` (any depth) followed by
 * the folder it forbids. A file matching several blocks gets the last block's patterns only, which
 * is why each exception below repeats the whole rule minus what it is allowed.
 */
const layerMessage = 'This import crosses a layer boundary: see "Layers" in docs/architecture.md.';
/** @param {string[]} folders @param {string} [message] */
const forbid = (folders, message = layerMessage) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})/`,
  message,
});
/** @param {...object} patterns */
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

const pageFolders = readdirSync(new URL('apps/web/src/pages/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const pageMessage =
  'A page may not import from another page folder: move what both need into components/ (see "Layers" in docs/architecture.md).';
/** @param {string} page */
const otherPages = (page) => pageFolders.filter((folder) => folder !== page);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', '**/test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // Testing Library's waitFor waits as long as src/test/setup.ts says (15 s); vi.waitFor gives
    // up after 1 s, which a busy CI machine outlasts (a form's check may load its schema first).
    files: ['apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'waitFor',
          message: "Use Testing Library's waitFor: it waits as long as src/test/setup.ts says.",
        },
      ],
    },
  },
  {
    // V8 gives each accessor (get/set) of an object literal a pair of its own in the old
    // generation, where, dead or alive, it keeps the accessor's closure and all it sees alive
    // through every young-generation collection: made per request, the request and its reply
    // went to the old generation with it (docs/performance.md, "A getter per request").
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > Property[kind=/^(get|set)$/]',
          message:
            'No accessor in an object literal on the server: use a class, whose accessor lives on its prototype (docs/performance.md, "A getter per request").',
        },
      ],
    },
  },
  // --- Layers (see the comment at the top and docs/architecture.md) ---
  {
    // Features reach the live layer only through its event publishing API.
    files: ['apps/server/src/features/**/*.ts'],
    rules: restrict({
      regex: '^(\\.\\./)+live/(?!events\\.ts$)',
      message: 'Features may import only live/events.ts from the live layer (publish an event).',
    }),
  },
  {
    // The live layer hears features through their events; it does not reach into them.
    files: ['apps/server/src/live/**/*.ts'],
    rules: restrict(forbid(['features'])),
  },
  {
    // The web api/ layer talks HTTP and knows no UI: errors go back to the caller to show.
    files: ['apps/web/src/api/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: restrict(forbid(['components', 'pages', 'app'])),
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: restrict(forbid(['pages'], 'Components may not import pages.')),
  },
  ...pageFolders.map((page) => ({
    files: [`apps/web/src/pages/${page}/**/*.{ts,tsx}`],
    rules: restrict(forbid(otherPages(page), pageMessage)),
  })),
  {
    // A shared module the web app imports for its constants, rules and types must not load Zod:
    // a module reaches the browser whole, so one schema beside a constant puts Zod (27 KB gzip) on
    // every page using that constant. Schemas live in *Schemas.ts, schemas.ts, responses.ts, routes/.
    files: ['packages/shared/src/**/*.ts'],
    ignores: [
      'packages/shared/src/**/*Schemas.ts',
      'packages/shared/src/**/*Schema.ts',
      'packages/shared/src/schemas.ts',
      'packages/shared/src/responses.ts',
      'packages/shared/src/routes/**',
      'packages/shared/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                'Put Zod schemas in a *Schemas.ts module, so pages needing only constants do not load Zod.',
            },
          ],
        },
      ],
    },
  },
  {
    // node:test's describe/it return promises the runner itself awaits.
    files: ['e2e/tests/**'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
);
