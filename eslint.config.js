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
/**
 * Page folder → its files that still import from another page folder, and the folders they reach.
 * @type {Record<string, Record<string, string[]>>}
 */
const pageExceptions = {
  applications: {
    'PromotionRequests.tsx': ['users'],
    'ApplicationCard.tsx': ['users'],
  },
  home: { 'HomePage.tsx': ['status-updates'] },
  posts: {
    'comments/CommentReplyItem.tsx': ['status-updates'],
    'comments/CommentsSection.tsx': ['status-updates'],
    'comments/CommentItem.tsx': ['status-updates'],
  },
  reports: { 'ReportGroupCard.tsx': ['applications'] },
  'status-updates': { 'StatusUpdateFeed.tsx': ['sections'] },
  users: {
    'moderation/BanControl.tsx': ['applications'],
    'UserPosts.tsx': ['sections'],
    'UserPage.tsx': ['status-updates'],
  },
};
const pageMessage =
  'A page may not import from another page folder: move what both need into components/ (see "Layers" in docs/architecture.md).';
/** @param {string} page @param {string[]} allowed */
const otherPages = (page, allowed = []) =>
  pageFolders.filter((folder) => folder !== page && !allowed.includes(folder));

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
    // The remaining reach-ins, to be turned into events: the dispatcher presents notifications with
    // the feature's presenter, and the watch room checks visibility with the posts service.
    files: ['apps/server/src/live/dispatcher.ts'],
    rules: restrict({
      regex: '^\\.\\./features/(?!notifications/presenter\\.ts$)',
      message: 'live/dispatcher.ts may reach only into the notifications presenter.',
    }),
  },
  {
    files: ['apps/server/src/live/watch.ts'],
    rules: restrict({
      regex: '^\\.\\./features/(?!posts/service\\.ts$)',
      message: 'live/watch.ts may reach only into the posts service.',
    }),
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
  // Known reach-ins between pages, to be moved into components/ when next touched.
  ...Object.entries(pageExceptions).flatMap(([page, files]) =>
    Object.entries(files).map(([file, allowed]) => ({
      files: [`apps/web/src/pages/${page}/${file}`],
      rules: restrict(forbid(otherPages(page, allowed), pageMessage)),
    })),
  ),
  {
    // node:test's describe/it return promises the runner itself awaits.
    files: ['e2e/tests/**'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
);
