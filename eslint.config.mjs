// Lint: typescript-eslint (type-aware where it matters) + Nx module boundaries with real tag constraints + Prettier.
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

/** Every server-side layer, from the bottom up: the whole stack the standalone runner and the test stack put together. */
const STACK = ['type:contracts', 'type:lib', 'type:service-kit', 'type:service', 'scope:gateway'];

/**
 * Who may import what. Test kits are projects of their own, so every edge is real and Nx's graph has no cycle:
 * `libs/testing` (databases, ports, waits, a manual clock) imports no package of the product, so anyone's tests use it;
 * `testing/fakes` (a fake bus and workspaces) sits on the service kit, for services' tests; `testing/stack` starts the
 * whole product, so only the whole-stack test projects (`type:stack-test`: gateway/test, services/billing/test,
 * deploy/standalone/test) import it — never a package they test.
 */
const depConstraints = [
  // the SPA can never pull in server code
  { sourceTag: 'platform:web', onlyDependOnLibsWithTags: ['platform:web', 'platform:any'] },
  // contracts are shared by browser and server: zod only
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [], allowedExternalImports: ['zod'] },
  // the transport and the other libs never reach up into the service kit
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts', 'type:testing'] },
  // the kit services are built with sits on the bus and the other libs
  { sourceTag: 'type:service-kit', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts', 'type:testing'] },
  // a service never imports another service
  {
    sourceTag: 'type:service',
    onlyDependOnLibsWithTags: ['type:lib', 'type:service-kit', 'type:contracts', 'type:testing', 'type:test-fakes'],
  },
  { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts', 'type:testing'] },
  { sourceTag: 'scope:runner', onlyDependOnLibsWithTags: [...STACK, 'type:testing'] },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:test-fakes', onlyDependOnLibsWithTags: ['type:lib', 'type:service-kit', 'type:contracts'] },
  { sourceTag: 'type:test-stack', onlyDependOnLibsWithTags: [...STACK, 'scope:runner', 'type:testing'] },
  {
    sourceTag: 'type:stack-test',
    onlyDependOnLibsWithTags: [...STACK, 'scope:runner', 'type:testing', 'type:test-fakes', 'type:test-stack'],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.nx/**',
      'test-results/**',
      'coverage/**',
      '**/*.cjs',
      'deploy/k6/**/*.js',
      'web/vite.config.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          // every process entry (main.ts) imports its packages dynamically so tracing is started before they load;
          // that is ordering, not code splitting, so static imports of those packages elsewhere are fine
          checkDynamicDependenciesExceptions: ['@teamchat/*'],
          depConstraints,
        },
      ],
    },
  },
  {
    // a whole-stack test project lives in the folder of the package it tests and may import that package's sources by
    // path (its internals, which the package does not export): the edge is real (tests -> package), never the reverse
    files: ['gateway/test/**/*.ts', 'services/billing/test/**/*.ts', 'deploy/standalone/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: ['../src/**', '../../src/**'],
          checkDynamicDependenciesExceptions: ['@teamchat/*'],
          depConstraints,
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'jest.config.mjs', 'eslint.config.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  prettier,
);
