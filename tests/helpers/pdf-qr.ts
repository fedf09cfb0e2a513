/**
 * Reads the QR codes of a PDF (the certificate's QR code must open its verify URL), for
 * the integration tests and the Playwright specs: every image XObject of the document is taken out
 * with pdf-lib (its Flate-compressed pixels, as pdf-lib's embedPng stores them: 8-bit DeviceRGB or
 * DeviceGray, no predictor), written as a PNG with pngjs, read back from that PNG and decoded with
 * jsQR. Independent of the code under test: it never calls the renderer or `qrcode`.
 */
import {inflateSync} from 'node:zlib'
import jsQR from 'jsqr'
import {PDFDocument, PDFName, PDFNumber, PDFRawStream} from 'pdf-lib'
import {PNG} from 'pngjs'

/** One embedded image as a PNG file's bytes, with its size in pixels. */
export type ExtractedImage = {width: number; height: number; png: Buffer}

/** The images of the PDF `bytes` as PNGs (8-bit RGB or grey images; others are skipped). */
export async function extractPdfImages(bytes: Uint8Array): Promise<ExtractedImage[]> {
  const doc = await PDFDocument.load(bytes)
  const images: ExtractedImage[] = []
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue
    const dict = object.dict
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue
    const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber()
    const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber()
    const bits = (dict.get(PDFName.of('BitsPerComponent')) as PDFNumber | undefined)?.asNumber()
    const space = dict.get(PDFName.of('ColorSpace'))
    const channels = space === PDFName.of('DeviceRGB') ? 3 : space === PDFName.of('DeviceGray') ? 1 : 0
    if (bits !== 8 || channels === 0) continue
    const filter = dict.get(PDFName.of('Filter'))
    const pixels = filter === PDFName.of('FlateDecode') ? inflateSync(object.contents) : Buffer.from(object.contents)
    if (pixels.length < width * height * channels) continue
    const png = new PNG({width, height})
    for (let i = 0; i < width * height; i++) {
      const [r, g, b] = channels === 3 ? [pixels[i * 3]!, pixels[i * 3 + 1]!, pixels[i * 3 + 2]!] : [pixels[i]!, pixels[i]!, pixels[i]!]
      png.data[i * 4] = r
      png.data[i * 4 + 1] = g
      png.data[i * 4 + 2] = b
      png.data[i * 4 + 3] = 255
    }
    images.push({width, height, png: PNG.sync.write(png)})
  }
  return images
}

/** The text of the QR code in a PNG file (`png` bytes), or null when jsQR finds none. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png)
  const found = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height)
  return found?.data ?? null
}

/** The texts of every QR code among the PDF's images, in the document's object order. */
export async function decodePdfQrCodes(bytes: Uint8Array): Promise<string[]> {
  return (await extractPdfImages(bytes)).map((image) => decodeQrPng(image.png)).filter((text): text is string => text !== null)
}
