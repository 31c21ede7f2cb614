import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

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
);
