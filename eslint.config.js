import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      '.data',
      'docs',
      'server/db/migrations',
      'locales',
      '.stryker-tmp*',
      'reports',
    ],
  },
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
  ...importFences(),
)

/**
 * The import fences of DESIGN.md ("Layout"): src/ and server/ import contract/ and machines/; machines/ imports
 * contract/ types only; src/ never imports server/ or scripts/, server/ never imports src/, and flow folders never
 * import each other. ESLint applies one `no-restricted-imports` per file, so each block lists everything its
 * files may not reach.
 */
function importFences() {
  const fence = (group, message) => ({ group, message })
  const notServer = fence(['**/server/**', '**/server'], 'The app and the contract never import the server.')
  const notScripts = fence(
    ['**/scripts/**'],
    'What the app and the generators share lives in src/ or contract/.',
  )
  const notApp = fence(
    ['**/src/**', '**/src'],
    'Only the app imports src/: move what is shared to contract/.',
  )
  const notUi = fence(
    ['react', 'react-dom', 'react/*', '@tanstack/*', '@xstate/react'],
    'This layer is pure.',
  )
  const notMachines = fence(['**/machines/**'], 'The contract stands on its own.')
  const flowFolders = readdirSync(fileURLToPath(new globalThis.URL('./src/flows', import.meta.url)), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
  return [
    { files: ['server/**/*.ts'], rules: restrict([notApp]) },
    { files: ['contract/**/*.ts'], rules: restrict([notApp, notServer, notScripts, notUi, notMachines]) },
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
        // Events are narrowed with assertEvent or typed params (STYLE.md, habit 3), never cast.
        'no-restricted-syntax': [
          'error',
          {
            selector: 'TSAsExpression[expression.name="event"]',
            message: 'Narrow the event with assertEvent or pass what the action needs as params.',
          },
        ],
        ...restrict([notApp, notServer, notScripts, notUi]),
      },
    },
    { files: ['src/**/*.{ts,tsx}'], rules: restrict([notServer, notScripts]) },
    ...flowFolders.map((name) => ({
      files: [`src/flows/${name}/**/*.{ts,tsx}`],
      rules: restrict([
        notServer,
        notScripts,
        fence(
          flowFolders
            .filter((other) => other !== name)
            .flatMap((other) => [`../${other}/**`, `**/flows/${other}/**`]),
          'Flow folders never import each other: move what they share to src/ui, src/app or src/api.',
        ),
      ]),
    })),
  ]
}
