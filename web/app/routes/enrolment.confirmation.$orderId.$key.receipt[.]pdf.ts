/**
 * GET /enrolment/confirmation/{orderId}/{key}/receipt.pdf — the receipt PDF of a paid enrolment:
 * `application/pdf`, `Content-Disposition: attachment; filename="receipt-{number}.pdf"`,
 * no-store, noindex. 404 for a wrong key, an unpaid order, or one whose receipt number is not
 * given yet (netlify/services/enrolments/paid-enrolment.ts).
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {noStoreHeaders} from '#netlify/platform/cache'
import {findConfirmedEnrolment, receiptPdfOf} from '#netlify/services/enrolments/paid-enrolment'

const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'}

export async function loader({params}: LoaderFunctionArgs) {
  const record = await findConfirmedEnrolment(params.orderId ?? '', params.key ?? '')
  const pdf = record ? await receiptPdfOf(record) : null
  if (!pdf) return new Response('Not Found', {status: 404, headers: noStoreHeaders({...NOINDEX, 'Content-Type': 'text/plain; charset=utf-8'})})
  return new Response(new Blob([pdf.bytes as Uint8Array<ArrayBuffer>]), {
    headers: noStoreHeaders({
      ...NOINDEX,
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.byteLength),
      'Content-Disposition': `attachment; filename="${pdf.fileName}"`,
    }),
  })
}
