// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * A small rule set: only what the project has decided to enforce. Type-checking is `tsc`'s job
 * (`npm run typecheck`); `npm test` runs this configuration over src/ (test/unit/lint.spec.ts).
 */
export default defineConfig({
  files: ['src/**/*.ts'],
  languageOptions: { parser: tseslint.parser },
  linterOptions: { reportUnusedDisableDirectives: 'error' },
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/dist', '**/dist/**'],
            message:
              "A package's dist/ is its build output, not its API: the path and what it exports change in any release without notice. Import from the package root (or one of its documented entry points); if it does not export what you need, derive the type or own the code in src/.",
          },
        ],
      },
    ],
  },
});
