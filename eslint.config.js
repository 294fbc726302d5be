import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'docs', 'server/db/migrations', 'locales'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='only']",
          message: 'Focused tests hide the rest of the suite.',
        },
        {
          selector: "CallExpression[callee.property.name='skip']",
          message: 'A skipped test proves nothing.',
        },
      ],
    },
  },
  {
    // Plain Node scripts that run before anything is built.
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // Machines are pure: the app supplies every effect through .provide().
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        'fetch',
        'document',
        'window',
        'setTimeout',
        'setInterval',
        'localStorage',
      ],
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '@tanstack/*', '../src/*'] }],
    },
  },
)
