/**
 * Reading the project's own imports, for the tests of the dependency rule
 * (docs/decisions/010-how-web-and-netlify-depend.md): source files below a folder, and where an
 * import specifier points (relative paths and the aliases `~/` → web/app, `#schemas/` → schemas, `#netlify/` → netlify).
 */
import {readdirSync, statSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

/** The repository root (absolute, with a trailing slash). */
export const root = fileURLToPath(new URL('../../', import.meta.url))

/** TypeScript sources below `dir` (absolute), without tests, declaration files, builds or node_modules. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'build' ? [] : sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : []
  })
}

/** The absolute path (without extension) `specifier` names from `file`, or null for a package. */
export function importTarget(file: string, specifier: string): string | null {
  if (specifier.startsWith('~/')) return join(root, 'web/app', specifier.slice(2))
  if (specifier.startsWith('#schemas/')) return join(root, 'schemas', specifier.slice('#schemas/'.length))
  if (specifier.startsWith('#netlify/')) return join(root, 'netlify', specifier.slice('#netlify/'.length))
  return specifier.startsWith('.') ? resolve(dirname(file), specifier) : null
}
