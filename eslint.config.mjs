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
    // A test must be able to fail: it names the error it expects and never passes by swallowing one. Timings
    // and heap sizes depend on the machine's load, so they are measured by bench/ beside a same-run
    // reference, not asserted.
    files: ['test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='assert'][callee.property.name=/^(throws|rejects)$/][arguments.length<2]",
          message:
            'Name the expected error: a class, a RegExp on the message, a validation function or { code, name, message }.',
        },
        {
          selector:
            "CallExpression[callee.object.name='assert'][callee.property.name=/^(throws|rejects)$/]:matches([arguments.1.type='TemplateLiteral'], [arguments.1.type='Literal']:not([arguments.1.regex]))",
          message:
            'A string second argument is the failure message, not the expected error: name the error before it.',
        },
        {
          selector: 'CatchClause[param=null]',
          message:
            'A catch that cannot see the error swallows every error: bind it, handle the expected one, rethrow the rest.',
        },
        {
          selector: 'CatchClause > BlockStatement.body[body.length=0]',
          message:
            'An empty catch lets a test pass when the expected thing did not happen: handle the expected error, rethrow the rest.',
        },
        {
          selector:
            "CallExpression[callee.property.name='catch'] > :matches(ArrowFunctionExpression, FunctionExpression).arguments[params.length=0]",
          message:
            'A .catch handler that ignores its error swallows every error: check it, rethrow the rest.',
        },
        {
          selector:
            "BinaryExpression[operator='-'] > CallExpression.left[callee.object.name=/^(Date|performance)$/][callee.property.name='now']",
          message:
            'An elapsed time is a measurement: move it to a bench/ script beside a same-run reference.',
        },
        {
          selector:
            "MemberExpression[object.name='process'][property.name=/^(memoryUsage|hrtime|cpuUsage|resourceUsage)$/]",
          message:
            'Heap sizes and timings are measurements: move them to a bench/ script beside a same-run reference.',
        },
        {
          selector:
            'Identifier[name=/^(monitorEventLoopDelay|eventLoopUtilization|getHeapStatistics|getHeapSpaceStatistics)$/]',
          message:
            'Event-loop delays and heap figures are measurements: move them to a bench/ script beside a same-run reference.',
        },
      ],
    },
  },
  {
    // The layers of the engine and the doors between the areas of src (docs/architecture.md).
    files: ['src/**/*.ts'],
    plugins: { skein: { rules: { layers } } },
    rules: { 'skein/layers': ['error', { root: import.meta.dirname }] },
  },
);
