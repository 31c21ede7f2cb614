import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

// Drizzle's query methods: a route or plugin calling one on a database handle queries directly.
const DB_METHODS =
  '/^(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|transaction|query|with|\\$count|refreshMaterializedView)$/';

const LAYERING_MESSAGE =
  "Routes and plugins do HTTP only: move the query into the module's service and pass it app.db.";

const featureDir = './src/web/features';
const features = existsSync(featureDir)
  ? readdirSync(featureDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const crossFeatureZones = features.map((name) => ({
  target: `${featureDir}/${name}`,
  from: featureDir,
  except: [`./${name}`],
  message: 'A feature must not import another feature; compose them in a route.',
}));

const dialogGlobals = [
  { name: 'alert', message: 'Use showAlert (alert-dialog.tsx).' },
  { name: 'confirm', message: 'Use confirmDialog (alert-dialog.tsx).' },
];
// Every request goes through the API client: it adds the token, refreshes it once on 401,
// parses the answer with its shared schema and turns errors into the spec's kinds.
const fetchGlobal = {
  name: 'fetch',
  message: 'Use the API client (lib/api-client.ts: api.*, apiRequest, apiResponse, apiBlob).',
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', '.tmp', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The specification's alerts are in-page dialogs (ADR 006): components/ui/alert-dialog.
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'alert', message: 'Use showAlert (alert-dialog.tsx).' },
        { object: 'window', property: 'confirm', message: 'Use confirmDialog (alert-dialog.tsx).' },
        { object: 'window', property: 'fetch', message: fetchGlobal.message },
      ],
      'no-restricted-globals': ['error', ...dialogGlobals, fetchGlobal],
    },
  },
  {
    // The two places that must call fetch themselves: the API client, and the signed download
    // URL (it carries its own signature, so no bearer token may go with it).
    files: ['src/web/lib/api-client.ts', 'src/web/lib/platform/storage.ts'],
    rules: { 'no-restricted-globals': ['error', ...dialogGlobals] },
  },
  {
    // Code flows one way (bulletproof-react): shared → features → app/routes; server and
    // browser never import each other; a feature never imports another feature.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: ['./src/server', './src/web'] },
            { target: './src/web', from: './src/server' },
            { target: './src/server', from: './src/web' },
            ...crossFeatureZones,
            { target: './src/web/features', from: ['./src/web/app', './src/web/routes'] },
            {
              target: './src/web/components',
              from: ['./src/web/features', './src/web/app', './src/web/routes'],
            },
          ],
        },
      ],
    },
  },
  {
    // One layering rule on the server (docs/adr/017-layering-routes-and-services.md): route files
    // and plugins speak HTTP only and reach the database through a module's service functions,
    // to which they hand `app.db`. They import no database client, schema or query builder and
    // call no query method on a database handle.
    files: ['src/server/**/*.routes.ts', 'src/server/plugins/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema*', '**/db/client*', 'pg'],
              // Types cannot query; the app context plugin names the database's type.
              allowTypeImports: true,
              message: LAYERING_MESSAGE,
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name=${DB_METHODS}][object.property.name=/^(db|database)$/]`,
          message: LAYERING_MESSAGE,
        },
        {
          selector: `MemberExpression[property.name=${DB_METHODS}][object.name=/^(db|tx)$/]`,
          message: LAYERING_MESSAGE,
        },
      ],
    },
  },
  {
    // No import cycles anywhere in the source.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // Without these settings import-x reads only .js files and would never see a cycle.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
