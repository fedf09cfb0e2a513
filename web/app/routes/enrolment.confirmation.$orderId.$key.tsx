/**
 * The enrolment confirmation page (docs/requirements.md#req-receipts):
 * /enrolment/confirmation/{orderId}/{key}, where the browser goes after a successful payment
 * (the save call answers the path) and where the receipt e-mail links. `key` is the record's
 * 128-bit random confirmation key: a wrong or made-up URL, or an order that is not paid, is 404.
 * Personal: `Cache-Control: no-store`, `noindex` (meta and X-Robots-Tag).
 *
 * Shows the heading "Enrolment confirmed", the spec's success message, the receipt number with
 * the "Download receipt (PDF)" link beside it, the payment id, the amount with its currency, the
 * course, the candidate's name and e-mail, and what happens next for the programme. The heading,
 * the receipt number and the download come first, so they are in view when the page opens at its
 * top, on a 390 × 844 phone too; arriving from the payment the heading takes the focus.
 */
import {enrolmentBatchText} from '#schemas/rules/batches'
import {data, type LoaderFunctionArgs, type MetaFunction} from '@remix-run/node'
import {useLoaderData} from '@remix-run/react'
import {useRef} from 'react'
import {CheckIcon} from '~/components/Icons'
import type {InstallmentRow} from '~/components/InstallmentTable'
import {InstallmentSchedule, type ScheduleState} from '~/components/payment/InstallmentSchedule'
import {installmentSchedule} from '#schemas/rules/installments'
import {installmentViewsOf} from '#netlify/services/installments/installments'
import {PageHero} from '~/components/PageHero'
import {ENROLMENT_MESSAGES} from '#schemas/rules/enrolment'
import {CADETSHIP_TRAINING, COMPETENCY_TRAINING} from '#schemas/rules/programs'
import {formatAmountMinor, formatProviderDateTime} from '#schemas/rules/receipt-format'
import {noStoreHeaders, noStoreRouteHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {pageMeta} from '~/lib/meta'
import {useFocusOnArrival} from '~/lib/use-focus-on-arrival'
import {receiptPdfPath} from '#schemas/rules/paths'
import {NEXT_STEPS_QUERY} from '#netlify/platform/content/queries'
import {findConfirmedEnrolment} from '#netlify/services/enrolments/paid-enrolment'
import {LinkButtons} from '~/components/ui/LinkButtons'

const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'}

/** What happens next for the enrolment's programme (content from Sanity). */
type NextSteps =
  | {kind: 'cadetship'; installments: InstallmentRow[]; states: ScheduleState[]; documents: string[]}
  | {kind: 'competency'; documents: string[]}
  | {kind: 'other'}

export async function loader({params}: LoaderFunctionArgs) {
  const record = await findConfirmedEnrolment(params.orderId ?? '', params.key ?? '')
  if (!record) throw new Response('Not Found', {status: 404, headers: noStoreHeaders(NOINDEX)})
  const content = await fetchContent(NEXT_STEPS_QUERY)
  let next: NextSteps = {kind: 'other'}
  if (record.trainingProgram === CADETSHIP_TRAINING && content.cadetship) {
    next = {
      kind: 'cadetship',
      installments: content.cadetship.installments ?? [],
      // Each installment's state: paid with its receipt, requested with its link, expired, due.
      states: installmentViewsOf(record, installmentSchedule(content.cadetship.installments)).map(({number, state, receiptNumber, linkUrl}) => ({
        number,
        state,
        ...(receiptNumber ? {receiptNumber} : {}),
        ...(linkUrl ? {linkUrl} : {}),
      })),
      documents: content.cadetship.documentsToBring ?? [],
    }
  } else if (record.trainingProgram === COMPETENCY_TRAINING && content.competency) {
    next = {kind: 'competency', documents: content.competency.documentsToBring ?? []}
  }
  return data(
    {
      receiptNumber: record.receiptNumber ?? null,
      paymentId: record.paymentId ?? '',
      orderId: record.orderId,
      amount: formatAmountMinor(record.amountMinor, record.currency),
      paidAt: record.paidAt ? formatProviderDateTime(record.paidAt) : null,
      programme: record.trainingProgramName,
      course: record.courseName,
      country: record.countryName,
      batch: record.batch ? enrolmentBatchText(record.batch, {venue: true}) : null,
      name: record.name,
      email: record.email,
      receiptUrl: record.receiptNumber && record.confirmationKey ? receiptPdfPath(record.orderId, record.confirmationKey) : null,
      next,
    },
    {headers: noStoreHeaders(NOINDEX)},
  )
}

export const headers = noStoreRouteHeaders

export const meta: MetaFunction<typeof loader> = ({matches}) =>
  pageMeta(matches, {title: 'Enrolment confirmed', description: 'Your enrolment and payment are confirmed.', robots: 'noindex, nofollow'})

export default function EnrolmentConfirmation() {
  const view = useLoaderData<typeof loader>()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useFocusOnArrival(headingRef)
  const facts: [string, string][] = [
    ['Payment ID', view.paymentId],
    ['Amount paid', view.amount],
    ...(view.paidAt ? ([['Paid on', view.paidAt]] as [string, string][]) : []),
    ['Programme', view.programme],
    ['Course', view.course],
    ...(view.batch ? ([['Batch', view.batch]] as [string, string][]) : []),
    ...(view.country ? ([['Country', view.country]] as [string, string][]) : []),
    ['Name', view.name],
    ['Email', view.email],
  ]
  return (
    <>
      <PageHero eyebrow="Payment received" title="Enrolment confirmed" headingRef={headingRef} />
      <section className="container-page max-w-3xl space-y-8 py-8 sm:py-12">
        <div role="status" className="flex items-start gap-4 rounded-2xl border border-emerald-200 bg-emerald-50 p-6">
          <span aria-hidden="true" className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-emerald-600 text-white">
            <CheckIcon width={24} height={24} />
          </span>
          <div>
            <p className="text-lg font-semibold text-navy-900">{ENROLMENT_MESSAGES.success}</p>
            <p className="mt-1 text-sm text-slate-700">Your receipt is e-mailed to {view.email}, with a link back to this page.</p>
          </div>
        </div>

        <section aria-labelledby="details-heading" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="details-heading" className="text-lg font-semibold text-navy-900">
            Your payment
          </h2>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-3 rounded-xl bg-ocean-50 px-4 py-3">
            <dl>
              <dt className="text-sm text-slate-600">Receipt number</dt>
              <dd className="text-xl font-bold break-words text-navy-900" data-testid="confirmation-receipt-number">
                {view.receiptNumber ?? 'Being issued: reload this page in a few minutes'}
              </dd>
            </dl>
            {view.receiptUrl ? (
              <a href={view.receiptUrl} className="btn-primary" download>
                Download receipt (PDF)
              </a>
            ) : null}
          </div>
          <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-sm text-slate-600">{term}</dt>
                <dd className="font-medium break-words text-navy-900" data-testid={`confirmation-${term.toLowerCase().replaceAll(' ', '-')}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <LinkButtons
            className="mt-6"
            links={[
              {to: '/courses', label: 'Browse more courses'},
              {to: '/', label: 'Back to Home'},
            ]}
          />
        </section>

        <section aria-labelledby="next-heading" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="next-heading" className="text-lg font-semibold text-navy-900">
            What happens next
          </h2>
          <p className="mt-2 text-slate-700">Our admissions team contacts you within 24 hours to confirm your place and dates.</p>
          {view.next.kind === 'cadetship' ? (
            <>
              <h3 className="mt-5 font-semibold text-navy-900">Installment schedule</h3>
              <InstallmentSchedule installments={view.next.installments} tone="light" states={view.next.states} />
              <p className="mt-2 text-sm text-slate-600">
                Today&apos;s payment is the 1st installment. We e-mail you a secure payment link for each of the others when it is due.
              </p>
              <DocumentList title="Documents to bring" documents={view.next.documents} />
            </>
          ) : null}
          {view.next.kind === 'competency' ? <DocumentList title="Documents needed" documents={view.next.documents} /> : null}
        </section>
      </section>
    </>
  )
}

function DocumentList({title, documents}: {title: string; documents: string[]}) {
  if (documents.length === 0) return null
  return (
    <>
      <h3 className="mt-5 font-semibold text-navy-900">{title}</h3>
      <ul className="mt-2 space-y-1.5">
        {documents.map((document) => (
          <li key={document} className="flex items-start gap-2 text-slate-700">
            <CheckIcon width={18} height={18} className="mt-0.5 shrink-0 text-emerald-600" aria-hidden="true" />
            {document}
          </li>
        ))}
      </ul>
    </>
  )
}
