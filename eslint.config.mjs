// Lint: typescript-eslint (type-aware where it matters) + Nx module boundaries with real tag constraints + Prettier.
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

/** Every server-side layer, from the bottom up: the whole stack the standalone runner and the test kit put together. */
const STACK = ['type:contracts', 'type:lib', 'type:service-kit', 'type:service', 'scope:gateway'];

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
          // tests import @teamchat/testing, which starts the whole stack; only tests do (every package.json drops that
          // edge from the build graph with `implicitDependencies: ["!@teamchat/testing"]`), so it is no cycle
          ignoredCircularDependencies: [...STACK, 'scope:runner'].map((tested) => [
            `tag:${tested}`,
            '@teamchat/testing',
          ]),
          // every process entry (main.ts) imports its packages dynamically so tracing is started before they load;
          // that is ordering, not code splitting, so static imports of those packages elsewhere are fine
          checkDynamicDependenciesExceptions: ['@teamchat/*'],
          depConstraints: [
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
              onlyDependOnLibsWithTags: ['type:lib', 'type:service-kit', 'type:contracts', 'type:testing'],
            },
            { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts', 'type:testing'] },
            { sourceTag: 'scope:runner', onlyDependOnLibsWithTags: [...STACK, 'type:testing'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: [...STACK, 'scope:runner'] },
          ],
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
