/**
 * What `npm pack` / `npm publish` ship as each package's package.json (clean-package runs in
 * `prepack` and restores the file in `postpack`; npm runs both in the package's folder).
 *
 * In this repository every export carries the `@toolstream/source` condition, which points at
 * `src/` so that tests, Vite and TypeScript use the sources without a build. `src/` is not
 * published, and a bundler configured with that condition would fail on the missing files, so
 * the published `exports` drop it. Scripts (they run repository tools) and the clean-package
 * setting go too; devDependencies are kept, npm ignores them for installed packages.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const SOURCE_CONDITION = '@toolstream/source';

/** `exports` without the source condition, at any depth of nesting. */
function withoutSourceCondition(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, inner]) => [key, withoutSourceCondition(inner)]),
  );
}

const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));

module.exports = {
  indent: 2,
  remove: ['clean-package', 'scripts'],
  replace: { exports: withoutSourceCondition(manifest.exports) },
};
