/**
 * The certificate PDF (docs/requirements.md#req-issue-20-pdf): A4 landscape (841.89 ×
 * 595.28 pt), real text in embedded Noto Sans (netlify/services/receipts/pdf-text.ts: selectable, read
 * back by pdftotext), the same PDF library as receipts (pdf-lib).
 *
 * It prints: the provider's mark (a vector anchor in a ring: the site has no logo file) and name,
 * the approval or accreditation number (site settings; the line is left out when there is none),
 * "Certificate of Training", the holder's full name, date of birth and (optional) INDoS or passport
 * number, the course's full name, the course dates, the certificate number, the issue date and the
 * expiry date ("Does not expire" when the course has no validity), the signatory's name and title
 * under a signature line, and a QR code (the `qrcode` library, embedded as a PNG) that opens
 * `verifyUrl`, the absolute `/verify/{number}` address, printed under it as text too. A revoked
 * certificate (staff's download after revocation) carries a red "REVOKED" line with the date.
 *
 * Deterministic: the document's dates are the issue day, so the same certificate renders the same
 * text. Served and attached as `application/pdf` named certificateFileName(number).
 */
import {PDFDocument, rgb, type PDFPage} from 'pdf-lib'
import QRCode from 'qrcode'
import {z} from 'zod'
import {batchDateRange, batchDayLabel, isIsoDate} from '#schemas/rules/batches'
import {CERTIFICATE_NUMBER_PATTERN, NO_EXPIRY_TEXT} from '#schemas/rules/certificates'
import {describeDocument, Typesetter, type Weight} from '../receipts/pdf-text'

/** The media type of a certificate. */
export const CERTIFICATE_CONTENT_TYPE = 'application/pdf'

/** A4 landscape in PDF points (1/72 inch). */
export const A4_LANDSCAPE_POINTS = {width: 841.89, height: 595.28} as const

const text = (max: number) => z.string().trim().min(1).max(max)
const day = z.string().refine(isIsoDate, 'Not a date (YYYY-MM-DD)')

/** The provider as certificates print it (site settings). */
export const CertificateProviderSchema = z.object({
  name: text(200),
  address: text(500),
  phone: text(60),
  email: text(254),
  /** The signatory printed under the signature line (empty: the line has no name). */
  signatoryName: z.string().trim().max(100),
  signatoryTitle: z.string().trim().max(100),
  /** The approval or accreditation number, or null when there is none. */
  approvalNumber: z.string().trim().max(100).nullable(),
})
export type CertificateProvider = z.infer<typeof CertificateProviderSchema>

/** What a certificate prints. Dates are 'YYYY-MM-DD'; `verifyUrl` the absolute `/verify/{number}` URL the QR code opens. */
export const CertificatePdfInputSchema = z.object({
  provider: CertificateProviderSchema,
  number: z.string().regex(CERTIFICATE_NUMBER_PATTERN, 'Not a certificate number'),
  holderName: text(120),
  dateOfBirth: day,
  idNumber: z.string().trim().max(30).nullable(),
  courseName: text(200),
  courseStart: day,
  courseEnd: day,
  issuedOn: day,
  expiresOn: day.nullable(),
  revokedOn: day.nullable().default(null),
  verifyUrl: z.string().url(),
})
export type CertificatePdfInput = z.input<typeof CertificatePdfInputSchema>

const {width: W, height: H} = A4_LANDSCAPE_POINTS
const NAVY = rgb(0.06, 0.2, 0.38)
const GOLD = rgb(0.72, 0.56, 0.2)
const BLACK = rgb(0.1, 0.1, 0.12)
const GREY = rgb(0.38, 0.38, 0.43)
const RED = rgb(0.72, 0.08, 0.08)
const WHITE = rgb(1, 1, 1)

/** The provider's mark: an anchor in a ring, drawn with vector paths (no image file needed). */
function drawMark(page: PDFPage, cx: number, cy: number, r: number): void {
  page.drawCircle({x: cx, y: cy, size: r, color: NAVY})
  page.drawCircle({x: cx, y: cy, size: r * 0.86, borderColor: GOLD, borderWidth: 1.2})
  const stroke = {color: WHITE, thickness: r * 0.09}
  // Shank, stock, ring and arms of the anchor.
  page.drawLine({start: {x: cx, y: cy + r * 0.5}, end: {x: cx, y: cy - r * 0.52}, ...stroke})
  page.drawLine({start: {x: cx - r * 0.3, y: cy + r * 0.3}, end: {x: cx + r * 0.3, y: cy + r * 0.3}, ...stroke})
  page.drawCircle({x: cx, y: cy + r * 0.58, size: r * 0.1, borderColor: WHITE, borderWidth: r * 0.07})
  page.drawSvgPath(`M ${-r * 0.5} 0 Q ${-r * 0.45} ${r * 0.55} 0 ${r * 0.55} Q ${r * 0.45} ${r * 0.55} ${r * 0.5} 0`, {
    x: cx,
    y: cy - r * 0.05,
    borderColor: WHITE,
    borderWidth: r * 0.09,
  })
}

/** Draws `value` centred on `cx` (one line); resolves to its width. */
async function centred(type: Typesetter, page: PDFPage, value: string, cx: number, y: number, size: number, weight: Weight = 'regular', color = BLACK) {
  const width = await type.width(value, weight, size)
  return type.draw(page, value, {x: cx - width / 2, y, size, weight, color})
}

/** A certificate renderer: renderCertificatePdf, or another with its contract that a caller passes in (RegisterOptions of ./register.ts). */
export type RenderCertificatePdf = (input: CertificatePdfInput) => Promise<Uint8Array>

/**
 * The certificate PDF for `input` (CertificatePdfInputSchema; see the module comment), as bytes.
 * Throws a ZodError for invalid input and an Error when a font file is missing (pdf-text.ts).
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const cert = CertificatePdfInputSchema.parse(input)
  const doc = await PDFDocument.create()
  const issued = new Date(`${cert.issuedOn}T00:00:00.000Z`)
  describeDocument(doc, {title: `Certificate ${cert.number}`, subject: `${cert.courseName}, ${cert.holderName}`, author: cert.provider.name, at: issued})

  const type = new Typesetter(doc)
  const page = doc.addPage([W, H])
  const cx = W / 2

  // Frame.
  page.drawRectangle({x: 18, y: 18, width: W - 36, height: H - 36, borderColor: NAVY, borderWidth: 3})
  page.drawRectangle({x: 26, y: 26, width: W - 52, height: H - 52, borderColor: GOLD, borderWidth: 1})

  // Provider and approval number.
  drawMark(page, 78, H - 78, 28)
  await type.draw(page, cert.provider.name, {x: 118, y: H - 74, size: 15, weight: 'bold', color: NAVY})
  await type.draw(page, cert.provider.email, {x: 118, y: H - 90, size: 9, color: GREY})
  if (cert.provider.approvalNumber) {
    const label = `Approval No. ${cert.provider.approvalNumber}`
    const width = await type.width(label, 'regular', 9.5)
    await type.draw(page, label, {x: W - 56 - width, y: H - 74, size: 9.5, color: GREY})
  }

  // Title, holder, course.
  let y = H - 150
  await centred(type, page, 'Certificate of Training', cx, y, 30, 'bold', NAVY)
  y -= 34
  await centred(type, page, 'This is to certify that', cx, y, 12, 'regular', GREY)
  y -= 36
  // A long name is set smaller (down to 14 pt), then wrapped, so it never runs off the page.
  let nameSize = 24
  while (nameSize > 14 && (await type.width(cert.holderName, 'bold', nameSize)) > W - 200) nameSize -= 1
  const nameLines = await type.wrap(cert.holderName, 'bold', nameSize, W - 200)
  for (const [index, line] of nameLines.entries()) {
    if (index > 0) y -= nameSize * 1.2
    await centred(type, page, line, cx, y, nameSize, 'bold')
  }
  page.drawLine({start: {x: cx - 190, y: y - 8}, end: {x: cx + 190, y: y - 8}, thickness: 0.6, color: GOLD})
  y -= 26
  const born = `Date of birth: ${batchDayLabel(cert.dateOfBirth)}${cert.idNumber ? `   ·   INDoS / passport no.: ${cert.idNumber}` : ''}`
  await centred(type, page, born, cx, y, 10.5, 'regular', GREY)
  y -= 30
  await centred(type, page, 'has successfully completed the course', cx, y, 12, 'regular', GREY)
  y -= 28
  for (const line of await type.wrap(cert.courseName, 'bold', 17, W - 220)) {
    await centred(type, page, line, cx, y, 17, 'bold', NAVY)
    y -= 22
  }
  await centred(type, page, `Course dates: ${batchDateRange({startDate: cert.courseStart, endDate: cert.courseEnd})}`, cx, y - 2, 11)

  if (cert.revokedOn) {
    await centred(type, page, `REVOKED on ${batchDayLabel(cert.revokedOn)}: this certificate is no longer valid`, cx, y - 24, 12, 'bold', RED)
  }

  // Bottom left: the certificate's facts.
  const rows: Array<[string, string]> = [
    ['Certificate number', cert.number],
    ['Date of issue', batchDayLabel(cert.issuedOn)],
    ['Valid until', cert.expiresOn ? batchDayLabel(cert.expiresOn) : NO_EXPIRY_TEXT],
  ]
  let rowY = 132
  for (const [label, value] of rows) {
    await type.draw(page, label, {x: 56, y: rowY, size: 9, weight: 'bold', color: GREY})
    await type.draw(page, value, {x: 160, y: rowY, size: 10.5, weight: label === 'Certificate number' ? 'bold' : 'regular'})
    rowY -= 18
  }

  // Bottom centre: the signatory.
  const signX = cx + 20
  page.drawLine({start: {x: signX - 100, y: 100}, end: {x: signX + 100, y: 100}, thickness: 0.8, color: BLACK})
  if (cert.provider.signatoryName) await centred(type, page, cert.provider.signatoryName, signX, 84, 11, 'bold')
  if (cert.provider.signatoryTitle) await centred(type, page, cert.provider.signatoryTitle, signX, 70, 9.5, 'regular', GREY)
  await centred(type, page, `for ${cert.provider.name}`, signX, 57, 8.5, 'regular', GREY)

  // Bottom right: the QR code to the verification page.
  const png = await QRCode.toBuffer(cert.verifyUrl, {type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360})
  const image = await doc.embedPng(png)
  const size = 104
  const qrX = W - 56 - size
  page.drawImage(image, {x: qrX, y: 66, width: size, height: size})
  const caption = 'Scan or visit to verify:'
  await type.draw(page, caption, {x: qrX + size - (await type.width(caption, 'regular', 7.5)), y: 56, size: 7.5, color: GREY})
  const urlLines = await type.wrap(cert.verifyUrl, 'regular', 7.5, 230)
  let urlY = 46
  for (const line of urlLines) {
    await type.draw(page, line, {x: qrX + size - (await type.width(line, 'regular', 7.5)), y: urlY, size: 7.5, color: GREY})
    urlY -= 9
  }

  return doc.save()
}
