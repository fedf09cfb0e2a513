/**
 * The sandbox's payment-link page (docs/requirements.md#req-installments):
 * /pay/link/{linkId}, where the e-mail of a cadetship installment's payment link points when the
 * site runs without Razorpay keys (the embedded default) — Razorpay's hosted page otherwise, so
 * then (and in production, and for an unknown link) this page is 404.
 *
 * Shows the course, which installment ("2nd installment of 3"), its label and duration, the
 * amount and the link's state. While the link is open: **Pay** and **Fail payment**, as the
 * sandbox checkout has them; Pay goes through POST /api/sandbox/payment-links/:linkId/pay, which
 * runs the `payment_link.paid` webhook path (netlify/services/payments/sandbox-links.ts), and then the
 * receipt number is shown. Personal: no-store, noindex.
 */
import {data, type LoaderFunctionArgs, type MetaFunction} from '@remix-run/node'
import {useLoaderData, useRevalidator} from '@remix-run/react'
import {useState} from 'react'
import {ShieldIcon} from '~/components/Icons'
import {PageHero} from '~/components/PageHero'
import {installmentOfText, linkState} from '#schemas/rules/installments'
import {formatAmountMinor, formatProviderDateTime} from '#schemas/rules/receipt-format'
import {noStoreHeaders, noStoreRouteHeaders} from '#netlify/platform/cache'
import {pageMeta} from '~/lib/meta'
import type {SandboxLinkPayResponse} from '#schemas/contracts/installments'
import {getEnrolment} from '#netlify/services/enrolments/enrolments'
import {cadetshipSchedule, getSandboxLink} from '#netlify/services/installments/installments'
import {getPaymentsConfig, isProduction, sandboxAvailable} from '#netlify/platform/payments/config'
import {SummaryRow} from '~/components/ui/SummaryRow'

const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'}
const notFound = () => new Response('Not Found', {status: 404, headers: noStoreHeaders(NOINDEX)})

export async function loader({params}: LoaderFunctionArgs) {
  if (isProduction()) throw notFound()
  let available = false
  try {
    available = sandboxAvailable(getPaymentsConfig())
  } catch {
    available = false
  }
  if (!available) throw notFound()
  const link = await getSandboxLink(params.linkId ?? '')
  const record = link ? await getEnrolment(link.orderId) : null
  const stored = record?.installmentLinks?.find((l) => l.linkId === link?.linkId)
  if (!link || !record || !stored) throw notFound()
  const schedule = await cadetshipSchedule()
  const row = schedule.find((r) => r.number === link.number)
  const {state, link: deciding} = linkState(record.installmentLinks ?? [], link.number, new Date())
  // This link's own state: the installment's, unless a later link decides it.
  const mine = deciding?.linkId === link.linkId ? state : state === 'paid' ? 'paid' : 'expired'
  return data(
    {
      linkId: link.linkId,
      course: record.courseName,
      name: record.name,
      installment: installmentOfText(link.number, Math.max(schedule.length, link.number)),
      label: row?.label ?? '',
      duration: row?.duration ?? '',
      amount: formatAmountMinor(link.amountMinor, link.currency),
      expireBy: formatProviderDateTime(link.expireBy),
      state: mine,
      receiptNumber: mine === 'paid' ? (deciding?.receiptNumber ?? null) : null,
    },
    {headers: noStoreHeaders(NOINDEX)},
  )
}

export const headers = noStoreRouteHeaders

export const meta: MetaFunction<typeof loader> = ({matches}) =>
  pageMeta(matches, {title: 'Pay your installment', description: 'A payment link for a cadetship installment.', robots: 'noindex, nofollow'})

export default function PaymentLinkPage() {
  const view = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState<'pay' | 'fail' | null>(null)
  const [result, setResult] = useState<{paid: string | null} | {failed: string} | null>(null)

  async function settle(outcome: 'pay' | 'fail') {
    setBusy(outcome)
    setResult(null)
    try {
      const response = await fetch(`/api/sandbox/payment-links/${encodeURIComponent(view.linkId)}/pay`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json', Accept: 'application/json'},
        body: JSON.stringify({outcome}),
      })
      const body = (await response.json().catch(() => null)) as (SandboxLinkPayResponse & {error?: unknown}) | null
      if (response.ok && body?.status === 'paid') {
        setResult({paid: body.receiptNumber ?? null})
        revalidator.revalidate()
      } else if (body && body.status === 'failed') {
        setResult({failed: `${body.error.description}. Nothing was charged: you can try again.`})
      } else {
        setResult({failed: typeof body?.error === 'string' ? body.error : 'The sandbox gateway did not answer. Please try again.'})
        revalidator.revalidate()
      }
    } catch {
      setResult({failed: 'The sandbox gateway did not answer. Please try again.'})
    } finally {
      setBusy(null)
    }
  }

  const paid = view.state === 'paid' || (result !== null && 'paid' in result)
  const receipt = result !== null && 'paid' in result ? (result.paid ?? view.receiptNumber) : view.receiptNumber
  return (
    <>
      <PageHero eyebrow="Payment link" title="Pay your installment" />
      <section className="container-page max-w-xl py-12">
        <div className="rounded-2xl border border-slate-200 p-6 shadow-sm">
          <h2 className="flex items-center gap-2 text-lg font-bold text-navy-900">
            <ShieldIcon /> Sandbox payment link
          </h2>
          <p className="mt-3 rounded-lg bg-brass-300/30 px-3 py-2 text-sm text-navy-900">
            Test mode: no card is charged. Razorpay keys switch this to real payment links.
          </p>
          <dl className="mt-4 space-y-2 text-sm">
            {(
              [
                ['Course', view.course],
                ['Installment', `${view.label} (${view.installment})`],
                ...(view.duration ? [['Duration', view.duration]] : []),
                ['Name', view.name],
                ['Pay by', view.expireBy],
              ] as Array<[string, string]>
            ).map(([term, value]) => (
              <SummaryRow key={term} term={term}>
                {value}
              </SummaryRow>
            ))}
            <SummaryRow term="Amount" className="border-t border-slate-200 pt-2" valueClassName="text-lg font-bold text-navy-900" testId="link-amount">
              {view.amount}
            </SummaryRow>
          </dl>
          {paid ? (
            <p role="status" className="mt-5 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900" data-testid="link-paid">
              Payment received. {receipt ? `Your receipt ${receipt} is on its way by e-mail.` : 'Your receipt is on its way by e-mail.'}
            </p>
          ) : view.state === 'expired' ? (
            <p role="status" className="mt-5 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              This payment link has expired. Please contact us and we will send you a new one.
            </p>
          ) : (
            <div className="mt-5 flex flex-wrap gap-3">
              <button type="button" className="btn-primary min-h-11 flex-1 px-6" disabled={busy !== null} onClick={() => void settle('pay')}>
                {busy === 'pay' ? 'Processing...' : 'Pay'}
              </button>
              <button type="button" className="btn-outline min-h-11 flex-1 px-6" disabled={busy !== null} onClick={() => void settle('fail')}>
                {busy === 'fail' ? 'Processing...' : 'Fail payment'}
              </button>
            </div>
          )}
          {result !== null && 'failed' in result ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {result.failed}
            </p>
          ) : null}
        </div>
      </section>
    </>
  )
}
