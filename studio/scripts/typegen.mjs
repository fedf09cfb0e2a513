/**
 * The generated files of the content schema and the site's queries, offline:
 * `sanity schema extract` → schemas/schema.json (required fields enforced), then
 * `sanity typegen generate` → schemas/content/sanity.types.ts, as configured in studio/sanity.cli.ts
 * (`typegen`: the queries' module, the schema file, the output, client overloads).
 *
 *   node studio/scripts/typegen.mjs        writes both into the tree (`npm run typegen`)
 *
 * `generate(outDir)` writes them into `outDir` instead and touches nothing in the tree
 * (typegen-check.mjs compares them with the committed ones). The Sanity CLI takes the typegen
 * paths from the CLI config only, and writes each query module's path relative to the folder it
 * runs in into the output ("// Source: ../netlify/platform/content/queries.ts"). So it runs in a stand-in
 * studio/ folder in `outDir`, whose sanity.cli.ts is the real config with the two outputs moved,
 * next to links to the repository's netlify/ (the queries) and node_modules/, and a copy of .prettierrc.json (the
 * CLI formats its output with the Prettier config it finds above the output file).
 */
import {execFileSync} from 'node:child_process'
import {copyFileSync, mkdirSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
const studio = join(root, 'studio')
const sanity = join(root, 'node_modules/.bin/sanity')
const env = {...process.env, SANITY_OFFLINE: '1', DO_NOT_TRACK: '1', NO_UPDATE_NOTIFIER: '1'}

/** The generated files, relative to the repository root (where studio/sanity.cli.ts's `typegen` puts them). */
export const GENERATED = {schema: 'schemas/schema.json', types: 'schemas/content/sanity.types.ts'}

/**
 * Writes schema.json and sanity.types.ts into `outDir` (absolute, existing, outside the tree), or
 * into the tree when `outDir` is null. Resolves to the two files' paths. Throws when the Sanity CLI
 * fails (its messages go to stderr).
 */
export function generate(outDir = null) {
  const out = outDir
    ? {schema: join(outDir, 'schema.json'), types: join(outDir, 'sanity.types.ts')}
    : {schema: join(root, GENERATED.schema), types: join(root, GENERATED.types)}
  const quiet = {env, stdio: ['ignore', 'ignore', 'inherit']}
  execFileSync(sanity, ['schema', 'extract', '--path', out.schema, '--enforce-required-fields'], {...quiet, cwd: studio})
  let cwd = studio
  if (outDir) {
    cwd = join(outDir, 'studio')
    mkdirSync(cwd)
    for (const linked of ['netlify', 'node_modules']) symlinkSync(join(root, linked), join(outDir, linked))
    copyFileSync(join(root, '.prettierrc.json'), join(outDir, '.prettierrc.json'))
    writeFileSync(
      join(cwd, 'sanity.cli.ts'),
      [
        `import config from ${JSON.stringify(join(studio, 'sanity.cli.ts'))}`,
        `export default {...config, typegen: {...config.typegen, schema: ${JSON.stringify(out.schema)}, generates: ${JSON.stringify(out.types)}}}`,
        '',
      ].join('\n'),
    )
  }
  execFileSync(sanity, ['typegen', 'generate'], {...quiet, cwd})
  return out
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    generate()
  } catch {
    process.exit(1)
  }
  console.log(`typegen: wrote ${GENERATED.schema} and ${GENERATED.types}`)
}
