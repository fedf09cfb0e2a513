/**
 * A PDF renderer that draws nothing: for the tests that count receipt or certificate numbers
 * under concurrency, where rendering 50 real PDFs (fonts embedded, QR codes) only costs time.
 * Passed in through the services' options (`renderReceiptPdf` of ReceiptOptions in
 * netlify/services/enrolments/paid-enrolment.ts, `renderCertificatePdf` of RegisterOptions in
 * netlify/services/certificates/register.ts). The real PDFs keep their own tests (receipts-flow,
 * certificates, receipt-pdf, certificate-pdf), which read them back with pdftotext.
 */
import type {RenderCertificatePdf} from '#netlify/services/certificates/certificate-pdf'
import type {RenderReceiptPdf} from '#netlify/services/receipts/receipt-pdf'

/** The smallest file that still starts and ends as a PDF does. */
const STUB_PDF = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'

/** Resolves to STUB_PDF's bytes for any input; counts its calls in `stubPdf.calls`. */
export const stubPdf: RenderReceiptPdf & RenderCertificatePdf & {calls: number} = Object.assign(
  async () => {
    stubPdf.calls++
    return new TextEncoder().encode(STUB_PDF)
  },
  {calls: 0},
)
