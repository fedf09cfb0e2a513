/**
 * "Download PDF" on the results page (docs/requirements.md#req-exam-results-pdf): posts the
 * stored result (answers, signed draw, seconds spent, submission time) and the visitor's time zone to
 * POST /exam/{examId}/results.pdf, which scores it again and answers the PDF
 * (schemas/contracts/exam-results-pdf.ts), then saves the file under the name the server gives
 * (`exam-results-{examId}-{YYYY-MM-DD}.pdf`). Browser only. Throws Error(PDF_MESSAGES.failed) when
 * the server or the network fails, or Error with the server's reason when it refuses the result (400).
 */
import type {ExamResultsPdfRequest} from '#schemas/contracts/exam-results-pdf'
import type {StoredExamResult} from '~/lib/exam-attempt'

export const PDF_MESSAGES = {
  failed: 'The PDF could not be made. Please try again.',
  busy: 'Preparing your PDF...',
} as const

/** The results PDF's path of `examId`. */
export const resultsPdfPath = (examId: string) => `/exam/${encodeURIComponent(examId)}/results.pdf`

/** The file name of a Content-Disposition header, or `fallback`. */
export function dispositionFileName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/i.exec(header) : null
  return match?.[1] ?? fallback
}

/** Asks the server for the PDF of `stored` and saves it (see the module comment). */
export async function downloadResultsPdf(examId: string, stored: StoredExamResult): Promise<void> {
  const body: ExamResultsPdfRequest = {
    answers: stored.answers,
    ...(stored.draw ? {draw: stored.draw} : {}),
    timeSpent: Number.isFinite(stored.timeSpent) ? Math.max(0, stored.timeSpent) : 0,
    submittedAt: stored.submittedAt,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  }
  let response: Response
  try {
    response = await fetch(resultsPdfPath(examId), {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)})
  } catch {
    throw new Error(PDF_MESSAGES.failed)
  }
  if (response.status === 400) {
    // A refused result (its draw, its answers): the server's reason says more than "try again".
    const refusal = (await response.json().catch(() => null)) as {error?: unknown} | null
    throw new Error(typeof refusal?.error === 'string' ? refusal.error : PDF_MESSAGES.failed)
  }
  if (!response.ok) throw new Error(PDF_MESSAGES.failed)
  const blob = await response.blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = dispositionFileName(response.headers.get('content-disposition'), `exam-results-${examId}.pdf`)
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
