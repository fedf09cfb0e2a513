/**
 * Real, selectable text in the receipt PDF: Noto Sans from @fontsource/noto-sans,
 * embedded through @pdf-lib/fontkit, in two weights (regular 400, bold 700).
 *
 * Which files: fontsource ships Noto Sans split by script (latin, latin-ext, vietnamese, greek,
 * greek-ext, cyrillic, cyrillic-ext, devanagari), as WOFF and WOFF2. We embed the WOFF files:
 * - WOFF2 does not work: @pdf-lib/fontkit 1.1.1 reads it but its subsetter throws a RangeError
 *   from a timer while the PDF is saved (an uncaught exception that would end the process).
 * - WOFF embedded whole (`subset: false`) puts the WOFF container itself into the PDF, which is
 *   not a valid PDF font (poppler: "Embedded font file may be invalid").
 * - WOFF subset (`subset: true`): fontkit writes a TrueType subset of the glyphs used, with a
 *   ToUnicode map; pdftotext reads every character back (tests/integration/receipt-pdf.test.ts)
 *   and the PDF stays small. That is what we use.
 *
 * A text is drawn as runs, each in the first script file that has all its characters (latin
 * first), so a candidate called "Nguyễn", "Ελένη" or "Дмитрий" prints correctly; a file is
 * embedded only when a run needs it. A character no file has (e.g. Thai, CJK) is printed as "?".
 *
 * The font files are read from node_modules at run time: a Netlify function must include them
 * (netlify.toml `[functions] included_files`, FONT_FILES_GLOB).
 */
import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {join} from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import type {Color, PDFDocument, PDFFont, PDFPage} from 'pdf-lib'

/** The scripts embedded, in the order a character is looked up. */
export const FONT_SCRIPTS = ['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'devanagari'] as const
type Script = (typeof FONT_SCRIPTS)[number]

/** The two weights of the receipt. */
export type Weight = 'regular' | 'bold'
const WEIGHT_NUMBER: Record<Weight, number> = {regular: 400, bold: 700}

/** The files a deployed function needs (for netlify.toml `included_files`). */
export const FONT_FILES_GLOB = 'node_modules/@fontsource/noto-sans/files/noto-sans-*-{400,700}-normal.woff'

/** Printed for a character no embedded file has. */
const REPLACEMENT = '?'

type Face = {script: Script; weight: Weight; bytes: Uint8Array; codePoints: ReadonlySet<number>}

const faces = new Map<string, Face>()
const require = createRequire(import.meta.url)

/** The path of a fontsource file: resolved as a package file, else below the working directory's node_modules (a bundled function). */
function fontPath(file: string): string {
  try {
    return require.resolve(`@fontsource/noto-sans/files/${file}`)
  } catch {
    return join(process.cwd(), 'node_modules', '@fontsource', 'noto-sans', 'files', file)
  }
}

/** The face of `script` in `weight`: its bytes and code points (read and parsed once per process). Throws when the file is missing. */
function face(script: Script, weight: Weight): Face {
  const key = `${script}-${weight}`
  let found = faces.get(key)
  if (!found) {
    const bytes = new Uint8Array(readFileSync(fontPath(`noto-sans-${script}-${WEIGHT_NUMBER[weight]}-normal.woff`)))
    found = {script, weight, bytes, codePoints: new Set(fontkit.create(bytes).characterSet)}
    faces.set(key, found)
  }
  return found
}

/** A run of text drawn in one embedded font. */
export type Run = {text: string; font: PDFFont}

/**
 * The fonts of one PDF document: embeds the faces its texts need, lays text out in runs,
 * measures and wraps it. One instance per document.
 */
export class Typesetter {
  private readonly embedded = new Map<string, Promise<PDFFont>>()

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(fontkit)
  }

  private font(f: Face): Promise<PDFFont> {
    const key = `${f.script}-${f.weight}`
    let font = this.embedded.get(key)
    if (!font) {
      font = this.doc.embedFont(f.bytes, {subset: true})
      this.embedded.set(key, font)
    }
    return font
  }

  /** `text` (one line: no line breaks) as runs, each in the first face that has its characters. */
  async runs(text: string, weight: Weight): Promise<Run[]> {
    const pieces: Array<{face: Face; text: string}> = []
    for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
      const codePoint = char.codePointAt(0)!
      const last = pieces.at(-1)
      // Spaces and punctuation every face has stay in the current run.
      if (last && last.face.codePoints.has(codePoint)) {
        last.text += char
        continue
      }
      const script = FONT_SCRIPTS.find((s) => face(s, weight).codePoints.has(codePoint))
      const chosen = script ? face(script, weight) : face('latin', weight)
      const printed = script ? char : REPLACEMENT
      if (last && last.face === chosen) last.text += printed
      else pieces.push({face: chosen, text: printed})
    }
    return Promise.all(pieces.map(async (piece) => ({text: piece.text, font: await this.font(piece.face)})))
  }

  /** The width of `text` at `size` (points). */
  async width(text: string, weight: Weight, size: number): Promise<number> {
    const runs = await this.runs(text, weight)
    return runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0)
  }

  /**
   * `text` broken into lines no wider than `maxWidth` at `size`: at its line breaks, then between
   * words; a word wider than a line is broken between characters.
   */
  async wrap(text: string, weight: Weight, size: number, maxWidth: number): Promise<string[]> {
    const lines: string[] = []
    for (const paragraph of text.split(/\r\n|\r|\n/)) {
      let line = ''
      for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word
        if ((await this.width(candidate, weight, size)) <= maxWidth) {
          line = candidate
          continue
        }
        if (line) lines.push(line)
        line = ''
        // A word too long for a line of its own: break it between characters.
        let rest = word
        while ((await this.width(rest, weight, size)) > maxWidth) {
          let cut = 1
          const chars = [...rest]
          while (cut < chars.length && (await this.width(chars.slice(0, cut + 1).join(''), weight, size)) <= maxWidth) cut++
          lines.push(chars.slice(0, cut).join(''))
          rest = chars.slice(cut).join('')
        }
        line = rest
      }
      lines.push(line)
    }
    return lines
  }

  /** Draws one line of `text` with its left end at (x, y) (the baseline), in runs; resolves to its width. */
  async draw(page: PDFPage, text: string, options: {x: number; y: number; size: number; weight?: Weight; color?: Color}): Promise<number> {
    let x = options.x
    for (const run of await this.runs(text, options.weight ?? 'regular')) {
      page.drawText(run.text, {x, y: options.y, size: options.size, font: run.font, color: options.color})
      x += run.font.widthOfTextAtSize(run.text, options.size)
    }
    return x - options.x
  }
}

/**
 * The document's information every PDF of the site carries: title, subject, author and creator
 * (the provider, when known), producer pdf-lib, language English, and its creation and
 * modification dates at `at` (the document's own time, so rendering it again gives the same file).
 */
export function describeDocument(doc: PDFDocument, info: {title: string; subject: string; author?: string; at: Date}): void {
  doc.setTitle(info.title)
  doc.setSubject(info.subject)
  if (info.author) {
    doc.setAuthor(info.author)
    doc.setCreator(info.author)
  }
  doc.setProducer('pdf-lib')
  doc.setLanguage('en')
  doc.setCreationDate(info.at)
  doc.setModificationDate(info.at)
}
