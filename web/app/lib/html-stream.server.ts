/**
 * Edits of the streamed HTML of every page (entry.server.tsx pipes the rendered bytes through
 * them), written as text edits that cannot be fooled by how the bytes are chunked.
 *
 * `htmlTextTransform(edit)` turns a text edit into a byte-stream Transform: it decodes UTF-8
 * characters split across chunks, and lets the edit hold back the end of a chunk (the start of a
 * tag split across chunks) until the next chunk or the end of the stream.
 * `closeDocumentLast()` moves the document's `</body></html>` to the very end of the stream.
 */
import {Transform, type TransformCallback} from 'node:stream'
import {StringDecoder} from 'node:string_decoder'

/** A text edit applied chunk by chunk to a streamed page. */
export type TextEdit = {
  /**
   * Gets the text not passed on yet (what was held back, then the new chunk); returns the text to
   * pass on now and the text to hold back until the next chunk.
   */
  chunk(text: string): {pass: string; hold: string}
  /** Gets what is still held back when the stream ends; returns the stream's last text. */
  end(rest: string): string
}

/** A byte-stream Transform (UTF-8 in and out) that applies `edit` to the text. */
export function htmlTextTransform(edit: TextEdit): Transform {
  const decoder = new StringDecoder('utf8')
  let held = ''
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      const {pass, hold} = edit.chunk(held + decoder.write(chunk))
      held = hold
      callback(null, pass ? Buffer.from(pass, 'utf8') : undefined)
    },
    flush(callback: TransformCallback) {
      const rest = edit.end(held + decoder.end())
      held = ''
      callback(null, rest ? Buffer.from(rest, 'utf8') : undefined)
    },
  })
}

/** How many characters at the end of `text` could be the start of `needle` (0 when none). */
export function partialAtEnd(text: string, needle: string): number {
  for (let length = Math.min(needle.length - 1, text.length); length > 0; length--) {
    if (needle.startsWith(text.slice(text.length - length))) return length
  }
  return 0
}

/** `text` split so that a possible start of `needle` at its end is held back. */
export function holdPartial(text: string, needle: string): {pass: string; hold: string} {
  const keep = partialAtEnd(text, needle)
  return {pass: text.slice(0, text.length - keep), hold: text.slice(text.length - keep)}
}

/** The end tags React writes for root.tsx's Layout: `</body>` then `</html>`, nothing between. */
const DOCUMENT_END = '</body></html>'

/**
 * A Transform that takes the first `</body></html>` out of the stream and writes it after
 * everything else, so the whole stream is one valid document.
 *
 * Why: Remix renders the route data's stream (single fetch: `<script>` tags that feed
 * `window.__remixContext.streamController`) as a sibling of `<html>`, and React 18 writes
 * `</body></html>` with the shell, so those scripts (and any Suspense content completed later)
 * arrive after `</html>`. Browsers move them into the body; the Nu Html Checker stops at them
 * ("Stray start tag script"), and other parsers need not recover. Held back instead, they end
 * up in the body where browsers put them anyway: the DOM, the scripts and hydration are
 * unchanged, and nothing but these 14 characters waits for the end of the stream.
 * Text escaped by React (page content, the route data's JSON) never holds a literal `</body>`.
 */
export function closeDocumentLast(): Transform {
  let closed = false
  return htmlTextTransform({
    chunk(text) {
      if (closed) return {pass: text, hold: ''}
      const at = text.indexOf(DOCUMENT_END)
      if (at === -1) return holdPartial(text, DOCUMENT_END)
      closed = true
      return {pass: text.slice(0, at) + text.slice(at + DOCUMENT_END.length), hold: ''}
    },
    end(rest) {
      return closed ? rest + DOCUMENT_END : rest
    },
  })
}

/**
 * A Transform that drops the NUL bytes React 18's stream renderer writes by mistake: when a
 * multi-byte UTF-8 character does not fit in the last bytes of its 2,048-byte buffer, it sends
 * the whole buffer, unused bytes (zeros) included, before starting the next one. A page never
 * means a U+0000 (HTML parsers refuse or replace it), so every NUL byte is that padding.
 */
export function dropRenderPadding(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      callback(null, chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk)
    },
  })
}
