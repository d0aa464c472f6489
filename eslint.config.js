// The regular-expression check (`npm run lint:regex`, docs/security.md "Regular expressions").
// Only the two regexp rules that find super-linear backtracking are on: one regex that
// backtracks polynomially on a long answer, log or page stalls the whole event loop, and this
// config is that check, not a style pass. A match on input that is provably short is allowed
// with `// bounded: <bound>` above an eslint-disable-next-line for that one rule
// (scripts/eslint-regex-plugin.js holds both to that).
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';
import regex from './scripts/eslint-regex-plugin.js';

const rules = {
  'regexp/no-super-linear-backtracking': 'error',
  'regexp/no-super-linear-move': 'error',
  'regex/bounded-comment': 'error',
};
// typescript-eslint's plugin is registered with none of its rules on, only so that the code's
// `eslint-disable-line @typescript-eslint/…` comments name a rule that exists.
const plugins = { regexp, regex, '@typescript-eslint': tseslint.plugin };

export default [
  { ignores: ['node_modules/**', 'coverage/**', 'data/**', 'test-artifacts/**'] },
  // An unused directive for a regexp rule is an error (regex/directives drops the others').
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['src/**/*.ts', 'bin/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins,
    processor: 'regex/directives',
    rules,
  },
  {
    files: ['src/**/*.js', 'bin/**/*.js', 'scripts/**/*.js'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    plugins,
    processor: 'regex/directives',
    rules,
  },
  {
    files: ['src/**/*.cjs'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs' },
    plugins,
    processor: 'regex/directives',
    rules,
  },
];
