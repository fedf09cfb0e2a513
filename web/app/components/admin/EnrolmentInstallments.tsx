/**
 * The installments part of the enrolment detail dialog
 * (docs/requirements.md#req-installments), for a cadetship enrolment only (the detail carries
 * `installments`): each installment with its label, duration, fee and state — due, requested
 * (with the link and until when it is open), paid (with its receipt number) or expired — and a
 * flag for staff (a payment whose amount differs from the link's). Installments 2…n have
 * "Request installment 2" while due and "Send a new link" once expired, after installment 1 is
 * paid. While a link is requested every button waits; success hands the enrolment after it to
 * `onUpdated` and is announced politely; a refusal shows the server's reason (role="alert").
 */
import {useId, useState} from 'react'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {installmentOfText} from '#schemas/rules/installments'
import type {EnrolmentSectionProps} from './AdminDialog'
import {UnauthorizedError} from './api'
import {INSTALLMENT_MESSAGES, installmentAction, installmentFeeText, installmentStateText, requestInstallmentLink} from './installments'

const STATE_TONE: Record<string, string> = {
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  requested: 'bg-sky-50 text-sky-800 ring-sky-600/30',
  expired: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  due: 'bg-slate-100 text-slate-700 ring-slate-500/30',
}

export function EnrolmentInstallments({detail, token, onUpdated, onUnauthorized}: EnrolmentSectionProps) {
  const ids = useId()
  const [busy, setBusy] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const installments = detail.installments
  if (!installments || installments.length === 0) return null
  const firstPaid = wasPaid(detail)

  async function request(number: number) {
    if (busy !== null) return
    setBusy(number)
    setError(null)
    setDone(null)
    try {
      const answer = await requestInstallmentLink(token, detail.orderId, number)
      onUpdated(answer.enrolment)
      setDone(INSTALLMENT_MESSAGES.sent(number, detail.email))
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setError(failure instanceof Error ? failure.message : INSTALLMENT_MESSAGES.failed)
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-6 border-t border-slate-200 pt-5" data-testid="installments">
      <h3 id={`${ids}-title`} className="text-base font-semibold text-navy-900">
        Installments
      </h3>
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {installments.map((installment) => {
          const action = installmentAction(installment, firstPaid)
          return (
            <li
              key={installment.number}
              className="flex flex-wrap items-start justify-between gap-3 px-4 py-3"
              data-testid={`installment-${installment.number}`}
            >
              <div className="min-w-0">
                <p className="text-sm font-medium text-navy-900">
                  {installment.label} <span className="font-normal text-slate-600">({installmentOfText(installment.number, installments.length)})</span>
                </p>
                <p className="text-xs text-slate-600">{[installment.duration, installmentFeeText(installment)].filter(Boolean).join(' · ')}</p>
                <p className="mt-1 text-sm">
                  <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATE_TONE[installment.state]}`}>
                    {installmentStateText(installment)}
                  </span>
                </p>
                {installment.state === 'requested' && installment.linkUrl ? (
                  <p className="mt-1 text-xs break-all text-slate-700">
                    Link:{' '}
                    <a href={installment.linkUrl} className="text-ocean-700 underline">
                      {installment.linkUrl}
                    </a>
                  </p>
                ) : null}
                {installment.flag ? <p className="mt-1 text-sm font-medium text-red-700">Check: {installment.flag}</p> : null}
              </div>
              {action ? (
                <button type="button" className="btn-outline min-h-10 px-3 py-1.5" disabled={busy !== null} onClick={() => void request(installment.number)}>
                  {busy === installment.number ? 'Requesting...' : action}
                  {action === 'Send a new link' ? <span className="sr-only"> for installment {installment.number}</span> : null}
                </button>
              ) : null}
            </li>
          )
        })}
      </ul>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-2 text-sm text-emerald-800">
        {done ?? ''}
      </p>
    </section>
  )
}
