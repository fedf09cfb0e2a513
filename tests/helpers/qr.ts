/**
 * Reads the QR code printed in a PDF (issue 20: the certificate's QR code must decode to its
 * `/verify/{number}` address). Tests only.
 *
 * pdf-lib's `embedPng` does not keep the PNG file: it stores the decoded pixels as an image
 * XObject (FlateDecode, DeviceRGB or DeviceGray, 8 bits per component, the alpha channel as an
 * SMask). So each image XObject of the PDF is inflated back into RGBA pixels (an image that is a
 * PNG file after all is read with pngjs), padded with a white quiet zone, and handed to jsQR; the
 * text of every QR code found is returned.
 */
import jsQR from 'jsqr'
import {decodePDFRawStream, PDFDocument, PDFName, PDFNumber, PDFRawStream} from 'pdf-lib'
import {PNG} from 'pngjs'

/** An image as RGBA pixels. */
export type RgbaImage = {width: number; height: number; data: Uint8ClampedArray}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47]

/** RGBA pixels of one image XObject, or null when its format is not one we read. */
function imageOf(stream: PDFRawStream): RgbaImage | null {
  const dict = stream.dict
  const number = (name: string) => (dict.get(PDFName.of(name)) as PDFNumber | undefined)?.asNumber()
  const bytes = decodePDFRawStream(stream).decode()
  if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) {
    const png = PNG.sync.read(Buffer.from(bytes))
    return {width: png.width, height: png.height, data: new Uint8ClampedArray(png.data)}
  }
  const width = number('Width')
  const height = number('Height')
  const bits = number('BitsPerComponent')
  if (!width || !height || bits !== 8) return null
  const channels = bytes.length / (width * height)
  if (channels !== 1 && channels !== 3 && channels !== 4) return null
  const data = new Uint8ClampedArray(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    const r = bytes[i * channels]!
    data[i * 4] = r
    data[i * 4 + 1] = channels === 1 ? r : bytes[i * channels + 1]!
    data[i * 4 + 2] = channels === 1 ? r : bytes[i * channels + 2]!
    data[i * 4 + 3] = 255
  }
  return {width, height, data}
}

/** `image` scaled up `scale` times and framed with `margin` white pixels (jsQR wants a quiet zone and a few pixels per module). */
function framed(image: RgbaImage, scale = 4, margin = 32): RgbaImage {
  const width = image.width * scale + margin * 2
  const height = image.height * scale + margin * 2
  const data = new Uint8ClampedArray(width * height * 4).fill(255)
  for (let y = 0; y < image.height * scale; y++) {
    for (let x = 0; x < image.width * scale; x++) {
      const from = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4
      const to = ((y + margin) * width + x + margin) * 4
      data[to] = image.data[from]!
      data[to + 1] = image.data[from + 1]!
      data[to + 2] = image.data[from + 2]!
    }
  }
  return {width, height, data}
}

/** The images of a PDF (image XObjects only; soft masks are skipped). */
export async function pdfImages(pdf: Uint8Array): Promise<RgbaImage[]> {
  const document = await PDFDocument.load(pdf, {updateMetadata: false})
  const images: RgbaImage[] = []
  const masks = new Set<string>()
  const objects = document.context.enumerateIndirectObjects()
  for (const [, object] of objects) {
    if (object instanceof PDFRawStream) {
      const mask = object.dict.get(PDFName.of('SMask'))
      if (mask) masks.add(String(mask))
    }
  }
  for (const [ref, object] of objects) {
    if (!(object instanceof PDFRawStream)) continue
    if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image') || masks.has(String(ref))) continue
    const image = imageOf(object)
    if (image) images.push(image)
  }
  return images
}

/** The text of every QR code found in the PDF's images. */
export async function decodePdfQrCodes(pdf: Uint8Array): Promise<string[]> {
  const found: string[] = []
  for (const image of await pdfImages(pdf)) {
    const scale = image.width < 200 ? 4 : 1
    const big = framed(image, scale)
    const code = jsQR(big.data, big.width, big.height)
    if (code) found.push(code.data)
  }
  return found
}
