/**
 * The bottom of the dependency rule: schemas/ (contracts, rules, content types) imports only
 * schemas/, so the browser, the Studio and every server module can import it.
 * Package imports (zod, sanity, react) are not checked here; cycles are (import-cycles.test.ts).
 */
import {readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, it} from 'vitest'
import {importTarget, root, sourceFiles} from '../helpers/project-imports'

/** Project files a module imports, as paths from the repository root (type-only imports flagged). */
function projectImports(file: string): Array<{target: string; typeOnly: boolean}> {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/^import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)].flatMap((m) => {
    const specifier = m[2]!
    const absolute = importTarget(file, specifier)
    return absolute ? [{target: relative(root, absolute), typeOnly: Boolean(m[1])}] : []
  })
}

function violations(dir: string, allowed: (target: string, typeOnly: boolean) => boolean): string[] {
  return sourceFiles(join(root, dir)).flatMap((file) =>
    projectImports(file)
      .filter(({target, typeOnly}) => !allowed(target, typeOnly))
      .map(({target}) => `${relative(root, file)} → ${target}`),
  )
}

describe('the dependency rule', () => {
  it('schemas/ (contracts, rules, content types) imports nothing above it', () => {
    expect(violations('schemas', (target) => target.startsWith('schemas/'))).toEqual([])
  })
})
