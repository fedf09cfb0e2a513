/**
 * Every requirement reference in the repository can be followed from a clone
 * (docs/requirements.md#req-citations): each `docs/requirements.md#req-…` (and each further
 * `#req-…` anchor a comment lists after it) names an anchor that docs/requirements.md defines,
 * every heading there has its explicit anchor, and no file still cites the external
 * specification by its section numbers.
 */
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative, sep} from 'node:path'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const REQUIREMENTS = 'docs/requirements.md'

/** Folders that hold installs, build output, caches or generated results, never sources. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.netlify', 'build', 'dist', '.sanity', 'test-results', 'playwright-report', 'tmp', 'results'])
/** Source, configuration and documentation files (never data, secrets or generated JSON). */
const SCANNED = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|md|mdx|css|toml|ya?ml|sh)$|^\.env\.example$/

/** Repository-relative paths (with `/`) of every scanned file; symbolic links are not followed. */
function repositoryFiles(dir = root): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...repositoryFiles(path))
    } else if (entry.isFile() && SCANNED.test(entry.name)) {
      files.push(relative(root, path).split(sep).join('/'))
    }
  }
  return files
}

const files = repositoryFiles()
const read = (file: string) => readFileSync(join(root, file), 'utf8')
const requirements = read(REQUIREMENTS)
/** The document without its code spans and blocks, where anchors are only shown, not defined. */
const requirementsProse = requirements.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')

const ANCHOR = /<a id="(req-[a-z0-9]+(?:-[a-z0-9]+)*)"><\/a>/g
/** A reference: `#req-…` (after `docs/requirements.md` or alone in a list following it). */
const REFERENCE = /#(req-[a-z0-9]+(?:-[a-z0-9]+)*)/g

const anchors = [...requirementsProse.matchAll(ANCHOR)].map((match) => match[1]!)
const defined = new Set(anchors)

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length
}

/** Comment continuation markers (` * `, `// `, `# `) joined away, so a citation split over lines is found. */
function joinedLines(text: string): string {
  return text.replace(/\s*\n\s*(?:\*(?!\/)|\/\/+|#(?!\w))?\s*/g, ' ')
}

/** Citations of the external specification by number: the word spec (or specification, or its possessive)
 * followed in the same sentence by the word section(s) and a digit, or a section sign and a digit. Written
 * so that this file's own words never match. */
const STALE_CITATIONS = [/\bspec(?:ification)?(?:'s|’s)?\b[^.!?]{0,120}?\bsections?\s*\d/gi, /§\s*\d/g]

describe('docs/requirements.md anchors', () => {
  it('finds the repository sources and docs to check', () => {
    expect(files).toContain(REQUIREMENTS)
    expect(files).toContain('README.md')
    expect(files).toContain('web/app/routes/payment.tsx')
    expect(files.some((file) => file.startsWith('node_modules/') || file.startsWith('web/build/'))).toBe(false)
  })

  it('defines each anchor once, and every heading below the title has one on the line before it', () => {
    const duplicates = anchors.filter((anchor, index) => anchors.indexOf(anchor) !== index)
    expect(duplicates).toEqual([])
    const lines = requirements.split('\n')
    const missing: string[] = []
    let inFence = false
    lines.forEach((line, index) => {
      if (line.startsWith('```')) inFence = !inFence
      if (inFence || !/^#{2,6} /.test(line)) return
      if (!/^<a id="req-[a-z0-9-]+"><\/a>$/.test(lines[index - 1] ?? '')) missing.push(`${REQUIREMENTS}:${index + 1} ${line}`)
    })
    expect(missing).toEqual([])
    // The anchors the citation table and the hardening issue are known by.
    for (const anchor of ['req-citations', 'req-routes', 'req-payment', 'req-exam-take', 'req-validation-upload', 'req-constants', 'req-issue-12-hardening']) {
      expect(defined, anchor).toContain(anchor)
    }
  })

  it('every docs/requirements.md#… reference in the repository names an existing anchor', () => {
    const broken: string[] = []
    let references = 0
    for (const file of files) {
      const text = read(file)
      for (const match of text.matchAll(REFERENCE)) {
        references++
        if (!defined.has(match[1]!)) broken.push(`${file}:${lineOf(text, match.index!)} #${match[1]}`)
      }
      // A reference to the document with no anchor, or a malformed one, is broken too.
      for (const match of text.matchAll(/docs\/requirements\.md#(?!req-[a-z0-9])(\S*)/g)) {
        // `docs/requirements.md#<anchor>`, `…#req-…` and `…#…` are placeholders in prose.
        if (!/^(?:<|req-…|…)/.test(match[1]!)) broken.push(`${file}:${lineOf(text, match.index!)} ${match[0]}`)
      }
    }
    expect(broken).toEqual([])
    expect(references).toBeGreaterThan(100)
  })

  it('no file cites the external specification by section number any more', () => {
    const stale: string[] = []
    for (const file of files) {
      // The document itself lists the old citations in its mapping table.
      if (file === REQUIREMENTS) continue
      const text = joinedLines(read(file))
      for (const pattern of STALE_CITATIONS) {
        for (const match of text.matchAll(pattern)) stale.push(`${file}: ${match[0].slice(0, 160)}`)
      }
    }
    expect(stale).toEqual([])
  })
})
