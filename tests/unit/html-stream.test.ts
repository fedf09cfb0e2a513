/** web/app/lib/html-stream.server.ts: the document's end tags after the streamed route data, whatever the chunking. */
import {PassThrough, Readable, type Transform} from 'node:stream'
import {describe, expect, it} from 'vitest'
import {createElement} from 'react'
import {renderToPipeableStream, renderToStaticMarkup} from 'react-dom/server'
import {closeDocumentLast, dropRenderPadding, partialAtEnd} from '~/lib/html-stream.server'

const SHELL =
  '<!DOCTYPE html><html lang="en"><head><title>Ocean — “basics”</title></head><body><main><h1>Navigation</h1></main><script>window.__remixContext = {}</script>'
const STREAMED =
  '<!--$--><script nonce="n">window.__remixContext.streamController.enqueue("[{\\"_1\\":2},\\"Seafarer’s \\u003c/body\\u003e\\"]\\n");</script>' +
  '<!--$--><script nonce="n">window.__remixContext.streamController.close();</script><!--/$--><!--/$-->'

/** Streams `chunks` through `transform` and returns the text. */
async function through(transform: Transform, chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = []
  for await (const chunk of Readable.from(chunks).pipe(transform)) out.push(chunk as Buffer)
  return Buffer.concat(out).toString('utf8')
}

/** `bytes` in chunks of `size` bytes. */
function split(bytes: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
  return chunks
}

describe('closeDocumentLast', () => {
  it('writes </body></html> after the route data streamed behind it', async () => {
    const html = await through(closeDocumentLast(), [Buffer.from(SHELL + '</body></html>'), Buffer.from(STREAMED)])
    expect(html).toBe(SHELL + STREAMED + '</body></html>')
  })

  it('gives the same result however the bytes are split (end tags and UTF-8 characters across chunks)', async () => {
    const page = Buffer.from(SHELL + '</body></html>' + STREAMED)
    for (const size of [1, 2, 3, 5, 7, 13, 14, 15, 64, 100_000]) {
      expect(await through(closeDocumentLast(), split(page, size)), `chunks of ${size}`).toBe(SHELL + STREAMED + '</body></html>')
    }
  })

  it('passes through a document that ends with its end tags, and text without them', async () => {
    const page = SHELL + '</body></html>'
    expect(await through(closeDocumentLast(), split(Buffer.from(page), 4))).toBe(page)
    expect(await through(closeDocumentLast(), split(Buffer.from('<p>not a document </body'), 3))).toBe('<p>not a document </body')
  })

  it('moves only the first </body></html>', async () => {
    const html = await through(closeDocumentLast(), [Buffer.from('<body>a</body></html><p>b</body></html></p>')])
    expect(html).toBe('<body>a<p>b</body></html></p></body></html>')
  })
})

describe('partialAtEnd', () => {
  it('counts the characters at the end that could start the needle', () => {
    expect(partialAtEnd('<p>x</bo', '</body>')).toBe(4)
    expect(partialAtEnd('<p>x<', '</body>')).toBe(1)
    expect(partialAtEnd('<p>x</body>', '</body>')).toBe(0)
    expect(partialAtEnd('', '</body>')).toBe(0)
  })
})

describe('dropRenderPadding', () => {
  /** A list of dates ("9–13 Aug", with a 3-byte dash) after `pad` characters: React copies each piece into its 2,048-byte buffer. */
  const list = (pad: number) =>
    createElement('ul', null, createElement('li', null, 'x'.repeat(pad)), ...Array.from({length: 200}, (_, i) => createElement('li', {key: i}, '9–13 Aug')))

  /** React's own stream of `element`, chunk by chunk. */
  async function streamed(element: ReturnType<typeof list>): Promise<Buffer[]> {
    const out = new PassThrough()
    const {pipe} = renderToPipeableStream(element, {onAllReady: () => pipe(out)})
    const chunks: Buffer[] = []
    for await (const chunk of out) chunks.push(chunk as Buffer)
    return chunks
  }

  it('removes the zero bytes React pads a buffer with, and nothing else', async () => {
    let padded = 0
    for (let pad = 0; pad < 19; pad++) {
      const raw = await streamed(list(pad))
      if (Buffer.concat(raw).includes(0)) padded++
      expect(await through(dropRenderPadding(), raw), `pad ${pad}`).toBe(renderToStaticMarkup(list(pad)))
    }
    // A list item is 19 bytes, so some pad puts a dash across the buffer's end: React pads that buffer (if it stops doing so, this fails and the transform can go).
    expect(padded).toBeGreaterThan(0)
  })
})
