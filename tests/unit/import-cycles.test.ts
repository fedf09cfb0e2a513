/**
 * Dependencies point one way: no import cycle among the project's modules
 * (web/app, netlify, schemas), counting type-only imports and dynamic `import()` too — a cycle
 * hidden behind either still ties two modules together.
 */
import {readFileSync, statSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, it} from 'vitest'
import {importTarget, root, sourceFiles} from '../helpers/project-imports'

const ROOTS = ['web/app', 'netlify', 'schemas']
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx']

/** The project files a module imports (relative paths and the ~ / #schemas aliases). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!)
  return specifiers.flatMap((specifier) => {
    const base = importTarget(file, specifier)
    if (!base) return []
    for (const extension of ['', ...EXTENSIONS]) {
      const candidate = base + extension
      try {
        if (statSync(candidate).isFile()) return [candidate]
      } catch {
        // try the next extension
      }
    }
    return []
  })
}

function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const stack: string[] = []
  const visit = (node: string) => {
    state.set(node, 'visiting')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return cycles
}

describe('module dependencies', () => {
  it('have no cycles (static, type-only or dynamic imports)', () => {
    const files = ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))
    const graph = new Map(files.map((file) => [file, importsOf(file)]))
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(root, file)).join(' → '))
    expect(cycles).toEqual([])
  })
})
