import tseslint from 'typescript-eslint';
import layers from './eslint-rules/layers.mjs';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // The layers of the engine and the doors between the areas of src (docs/architecture.md).
    files: ['src/**/*.ts'],
    plugins: { skein: { rules: { layers } } },
    rules: { 'skein/layers': ['error', { root: import.meta.dirname }] },
  },
);
