/**
 * ESLint (flat config): typescript-eslint, React, React Hooks and jsx-a11y over the whole
 * project; Prettier owns formatting (eslint-config-prettier turns the style rules off).
 * `npm run lint` runs ESLint with --max-warnings 0, dependency-cruiser (.dependency-cruiser.cjs: the
 * floor plan's import rules) and `prettier --check`; `npm test` runs it.
 */
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'web/build/',
      'studio/dist/',
      'studio/.sanity/',
      '.netlify/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'schemas/content/sanity.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {...globals.node, ...globals.browser},
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['warn', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true}],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {sourceType: 'commonjs', globals: globals.node},
  },
  {
    // One import style (README "How the code is organised"): the aliases ~/ (web/app), #schemas/ and
    // #netlify/ instead of ../../ chains. The Studio and the content schema it bundles with its own
    // toolchain (studio/, schemas/content/) keep relative paths.
    files: ['**/*.{ts,tsx}'],
    ignores: ['studio/**', 'schemas/content/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {patterns: [{regex: '^(\\.\\./){2,}', message: 'Import through a path alias (~/, #schemas/, #netlify/) instead of a ../../ chain.'}]},
      ],
    },
  },
  {
    // One home for the environment: only the env module (zod-validated) reads process.env; the
    // app, the functions, the services, the platform and the contracts ask it (getEnv()).
    files: ['web/app/**/*.{ts,tsx}', 'netlify/functions/**/*.ts', 'netlify/services/**/*.{ts,tsx}', 'netlify/platform/**/*.ts', 'schemas/**/*.ts'],
    ignores: ['netlify/platform/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {object: 'process', property: 'env', message: 'Read the environment through netlify/platform/env.ts (getEnv()), its one zod-validated home.'},
      ],
    },
  },
  {
    // Tests read JSON answers loosely (`body.error`, `body.details.amount`) and assert on them.
    files: ['tests/**/*.ts'],
    rules: {'@typescript-eslint/no-explicit-any': 'off'},
  },
  {
    files: ['**/*.tsx'],
    plugins: {react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y},
    settings: {react: {version: '18.3'}},
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      // The two classic hook rules; the React Compiler rules of react-hooks 7 assume the compiler (React 19).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...jsxA11y.flatConfigs.recommended.rules,
      'react/prop-types': 'off',
      // Scrollable regions (wide tables) take focus so keyboard users can scroll them (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', {tags: [], roles: ['tabpanel', 'region']}],
    },
  },
  prettier,
)
