/**
 * The dependency rule of docs/decisions/010-how-web-and-netlify-depend.md (issue 13): the shared
 * layers import nothing above them, so the browser and every server edge can import them.
 * - web/app/domain/: other domain modules, schemas/, and (types only) the generated content types;
 * - schemas/: other schemas, web/app/domain/ and the path builders (web/app/lib/paths.ts).
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
  it('domain modules import only domain modules, contracts and (types only) generated types', () => {
    expect(
      violations(
        'web/app/domain',
        (target, typeOnly) => target.startsWith('web/app/domain/') || target.startsWith('schemas/') || (typeOnly && target === 'web/app/lib/sanity.types'),
      ),
    ).toEqual([])
  })
  it('contracts import only contracts, domain modules and the path builders', () => {
    expect(violations('schemas', (target) => target.startsWith('schemas/') || target.startsWith('web/app/domain/') || target === 'web/app/lib/paths')).toEqual(
      [],
    )
  })
})
