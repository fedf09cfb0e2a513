/**
 * POST /exam/{examId}/results.pdf — the results PDF (docs/requirements.md#req-exam-results-pdf;
 * contract: schemas/contracts/exam-results-pdf.ts). Where it is made, and why: on the server, from the
 * stored result the results page keeps in local storage (answers, seconds spent, submission time;
 * there is no server copy of a result), SCORED AGAIN here against the answer key with the one
 * scoring module — so the PDF shows the server's score, never one a browser could edit — and
 * rendered with pdf-lib and the receipts' embedded fonts (netlify/services/exams/results-pdf.ts). Only a
 * draw the server issued is printed: the body's signed `draw` is checked as the results action
 * checks it (reviewSignedSubmission, netlify/services/exams/attempts/draws.ts). It records no item
 * statistics (the results action already did for this attempt).
 *
 * Answers: 200 application/pdf, attachment `exam-results-{examId}-{YYYY-MM-DD}.pdf`, no-store,
 * noindex; 400 {error} for a body that is not the contract or a draw that is missing, unsigned,
 * changed, of another exam or past its time; 413 too large; 404 unknown exam; 503 content
 * unavailable or draws not configured; 405 for other methods. Never a 500 for input.
 */
import type {ActionFunctionArgs} from '@remix-run/node'
import {noStoreHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_KEY_QUERY} from '#netlify/platform/content/queries'
import {SCORE_LIMITS} from '#schemas/contracts/forms/exam'
import {ExamResultsPdfRequestSchema} from '#schemas/contracts/exam-results-pdf'
import {EXAM_ID_PATTERN} from '#schemas/contracts/exam-statistics'
import {dayIn, printableTimeZone, renderResultsPdf, resultsPdfFileName} from '#netlify/services/exams/results-pdf'
import {readJsonValue} from '#netlify/platform/http'
import {refusalOf, toResponse} from '~/lib/service-response.server'
import {DRAW_MESSAGES, reviewSignedSubmission} from '#netlify/services/exams/attempts/draws'
import {receiptContext} from '#netlify/services/receipts/context'

const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'}

function fail(status: number, error: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({error}), {status, headers: noStoreHeaders({...NOINDEX, ...extra, 'Content-Type': 'application/json; charset=utf-8'})})
}

export const loader = () => fail(405, 'Use POST with the stored result to get the PDF.', {Allow: 'POST'})

export async function action({request, params}: ActionFunctionArgs): Promise<Response> {
  if (request.method !== 'POST') return fail(405, 'Use POST with the stored result to get the PDF.', {Allow: 'POST'})
  const examId = params.examId ?? ''
  if (!EXAM_ID_PATTERN.test(examId)) return fail(404, 'This exam does not exist.')
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return fail(415, 'Send the stored result as JSON.')
  let raw: unknown
  try {
    raw = await readJsonValue(request, SCORE_LIMITS.bodyBytes)
  } catch (error) {
    if (refusalOf(error)?.status === 413) return fail(413, 'The result sent is too large.')
    return fail(400, 'The result could not be read: the request is not valid JSON.')
  }
  const body = ExamResultsPdfRequestSchema.safeParse(raw)
  if (!body.success) {
    const issue = body.error.issues[0]
    if (issue?.path[0] === 'draw') return fail(400, DRAW_MESSAGES.missing)
    return fail(400, `The result could not be read (${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid'}).`)
  }
  const exam = await fetchContent(EXAM_KEY_QUERY, {examId}).catch((error: unknown) => {
    console.error('[exam results pdf] the answer key could not be loaded', error)
    return undefined
  })
  if (exam === undefined) return fail(503, 'The exam could not be loaded. Please try again in a moment.')
  if (!exam) return fail(404, 'This exam does not exist.')
  // Only a signed draw's variants, checked, scored and reviewed as the results action does.
  let reviewed: Awaited<ReturnType<typeof reviewSignedSubmission>>
  try {
    reviewed = await reviewSignedSubmission(exam, body.data.answers, body.data.draw)
  } catch (error) {
    return toResponse(error, ({status, message}) => fail(status, message))
  }
  if (!reviewed.ok) return fail(400, reviewed.message)
  const {score, passMark} = reviewed
  const providerName = await receiptContext()
    .then((context) => context.provider.name)
    .catch(() => null)
  const zone = printableTimeZone(body.data.timeZone)
  const bytes = await renderResultsPdf({
    examId: exam.examId ?? examId,
    examTitle: exam.title,
    score,
    passMark,
    timeSpent: body.data.timeSpent,
    submittedAt: body.data.submittedAt,
    timeZone: zone,
    providerName,
  })
  return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
    headers: noStoreHeaders({
      ...NOINDEX,
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="${resultsPdfFileName(examId, dayIn(body.data.submittedAt, zone))}"`,
    }),
  })
}
