// One jest run covers every project; each project's `test` target selects its own folder. The browser journeys in
// `e2e/` run on Playwright's runner (playwright.config.ts).
import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
delete swc.$schema;
const services = Object.keys(
  JSON.parse(readFileSync(new URL('./libs/contracts/services.json', import.meta.url), 'utf8')),
);

const workspaceAliases = {
  '^@teamchat/(contracts|bus|service-kit|database|config|observability|testing)$': '<rootDir>/libs/$1/src/index.ts',
  [`^@teamchat/(${services.join('|')})$`]: '<rootDir>/services/$1/src/index.ts',
  '^@teamchat/testing/(postgres|ports|wait)$': '<rootDir>/libs/testing/src/$1.ts',
  '^@teamchat/test-(stack|fakes)$': '<rootDir>/testing/$1/src/index.ts',
  '^@teamchat/gateway$': '<rootDir>/gateway/src/index.ts',
  '^@teamchat/standalone$': '<rootDir>/deploy/standalone/src/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

const server = {
  displayName: 'server',
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, sourceMaps: 'inline' }] },
  moduleNameMapper: workspaceAliases,
  testMatch: [
    '<rootDir>/libs/*/src/**/*.spec.ts',
    '<rootDir>/libs/*/test/**/*.spec.ts',
    '<rootDir>/services/*/src/**/*.spec.ts',
    '<rootDir>/services/*/test/**/*.spec.ts',
    '<rootDir>/gateway/src/**/*.spec.ts',
    '<rootDir>/gateway/test/**/*.spec.ts',
    '<rootDir>/deploy/**/*.spec.ts',
    '<rootDir>/testing/*/src/**/*.spec.ts',
    '<rootDir>/bench/**/*.spec.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['<rootDir>/libs/testing/src/jest.setup.ts'],
};

const web = {
  displayName: 'web',
  rootDir: '.',
  testEnvironment: 'jsdom',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleNameMapper: {
    ...workspaceAliases,
    '\\.module\\.css$': '<rootDir>/web/test/css-module-stub.cjs',
    '\\.(css|svg|png)$': '<rootDir>/web/test/file-stub.cjs',
  },
  testMatch: ['<rootDir>/web/src/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.tsx'],
  setupFilesAfterEnv: ['<rootDir>/web/test/setup.ts'],
};

export default {
  projects: [server, web],
  testTimeout: 60000,
};
