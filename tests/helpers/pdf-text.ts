/** A PDF's text as poppler's `pdftotext -layout` reads it (the PDF tests check what a reader sees). */
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

/** The text of `bytes`; throws with poppler's message when it cannot read them. */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'))
  try {
    writeFileSync(join(dir, 'file.pdf'), bytes)
    const result = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'file.pdf'), '-'], {encoding: 'utf8'})
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.error?.message ?? result.stderr}`)
    return result.stdout
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}
