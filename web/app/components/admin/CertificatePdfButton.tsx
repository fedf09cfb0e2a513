/**
 * "Download PDF" of a certificate for staff (docs/requirements.md#req-issue-20-admin-certificates),
 * shared by the register (/admin/certificates) and an enrolment's certificate section: the request
 * with the admin token (GET /api/admin/certificates/{number}/pdf, ./certificates.ts
 * downloadCertificatePdf), one download at a time, a 401 signs out, any other failure is handed to
 * `onError` with its message.
 */
import {useState} from 'react'
import {UnauthorizedError} from './api'
import {CERTIFICATE_MESSAGES, downloadCertificatePdf} from './certificates'

/** The download state of a list of certificates: which one is downloading, and `download(number)`. */
export function useCertificatePdf({token, onUnauthorized, onError}: {token: string; onUnauthorized: () => void; onError: (message: string | null) => void}) {
  const [downloading, setDownloading] = useState<string | null>(null)
  async function download(number: string) {
    setDownloading(number)
    onError(null)
    try {
      await downloadCertificatePdf(token, number)
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      onError(failure instanceof Error ? failure.message : CERTIFICATE_MESSAGES.pdfFailed)
    } finally {
      setDownloading(null)
    }
  }
  return {downloading, download}
}

/** The button of one certificate; disabled while any download runs. */
export function CertificatePdfButton({number, pdf}: {number: string; pdf: ReturnType<typeof useCertificatePdf>}) {
  return (
    <button type="button" className="btn-outline min-h-10 px-3 py-1.5" disabled={pdf.downloading !== null} onClick={() => void pdf.download(number)}>
      {pdf.downloading === number ? 'Downloading...' : 'Download PDF'}
      <span className="sr-only"> of {number}</span>
    </button>
  )
}
