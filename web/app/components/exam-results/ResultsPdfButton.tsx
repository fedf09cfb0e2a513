/**
 * "Download PDF" on the results page (docs/requirements.md#req-exam-results-pdf): asks the
 * server for the result as a PDF (web/app/lib/exam-results-pdf.ts) and saves it. While it is made
 * the button says "Preparing your PDF..." (aria-disabled, so it keeps focus); a failure is shown
 * in an alert under it and the button can be pressed again.
 */
import {useState} from 'react'
import type {StoredExamResult} from '~/lib/exam-attempt'
import {downloadResultsPdf, PDF_MESSAGES} from '~/lib/exam-results-pdf'
import {DownloadIcon} from './ExamResultsView'

export function ResultsPdfButton({examId, stored}: {examId: string; stored: StoredExamResult}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const onClick = async () => {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      await downloadResultsPdf(examId, stored)
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : PDF_MESSAGES.failed)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" className="btn-secondary w-full sm:w-auto lg:w-full" aria-disabled={busy} onClick={() => void onClick()}>
        <DownloadIcon /> {busy ? PDF_MESSAGES.busy : 'Download PDF'}
      </button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  )
}
