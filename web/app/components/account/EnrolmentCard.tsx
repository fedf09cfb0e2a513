/**
 * One enrolment in My training: course, dates and venue (or "Dates on request"), status in the
 * candidate's words, what to bring, the receipts, the installments with "Pay now", and the
 * documents and date-change panels.
 */
import type {PortalEnrolment} from '#schemas/contracts/account'
import {DateChangePanel} from './DateChangePanel'
import {DocumentsPanel} from './DocumentsPanel'
import {Detail} from './Detail'

const STATUS_TONE: Record<string, string> = {
  confirmed: 'bg-emerald-100 text-emerald-900',
  completed: 'bg-slate-200 text-slate-900',
  cancelled: 'bg-red-100 text-red-900',
  refunded: 'bg-red-100 text-red-900',
}

export function EnrolmentCard({enrolment}: {enrolment: PortalEnrolment}) {
  const headingId = `enrolment-${enrolment.orderId}`
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-bold text-navy-900">
            {enrolment.course}
          </h3>
          {enrolment.programme !== enrolment.course ? <p className="text-sm text-slate-600">{enrolment.programme}</p> : null}
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONE[enrolment.statusKey] ?? 'bg-ocean-100 text-navy-900'}`}>
          {enrolment.status}
        </span>
      </div>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        <Detail term="Dates" value={enrolment.dates} />
        {enrolment.group && !enrolment.group.href ? (
          <Detail term="Booked by" value={enrolment.group.company} />
        ) : (
          <Detail term="Paid" value={enrolment.amount} />
        )}
        {enrolment.group?.seats ? (
          <Detail term="Group booking" value={`${enrolment.group.company}: ${enrolment.group.seats} seats, ${enrolment.group.named} named`} />
        ) : null}
      </dl>
      {enrolment.group?.href ? (
        <p className="mt-3">
          <a className="inline-flex min-h-11 items-center font-semibold text-ocean-800 underline" href={enrolment.group.href}>
            Name or change your delegates<span className="sr-only"> for {enrolment.course}</span>
          </a>
        </p>
      ) : null}
      {enrolment.toBring.length > 0 ? (
        <details className="mt-4">
          <summary className="cursor-pointer font-semibold text-navy-900">What to bring</summary>
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">
            {enrolment.toBring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {enrolment.installments ? (
        <div className="mt-4">
          <h4 className="font-semibold text-navy-900">Installments</h4>
          <ul className="mt-2 grid gap-2 text-sm">
            {enrolment.installments.map((installment) => (
              <li key={installment.number} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
                <span>
                  {installment.number}. {installment.label} · {installment.amount} ·{' '}
                  <span className="font-semibold">{INSTALLMENT_STATE_TEXT[installment.state]}</span>
                </span>
                {installment.payUrl ? (
                  <a className="btn-primary min-h-11" href={installment.payUrl}>
                    Pay now<span className="sr-only"> installment {installment.number}</span>
                  </a>
                ) : installment.receipt ? (
                  <a className="font-semibold text-ocean-800 underline" href={installment.receipt.href} download>
                    {installment.receipt.label} (PDF)
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {enrolment.receipts.length > 0 ? (
        <div className="mt-4">
          <h4 className="font-semibold text-navy-900">Receipts</h4>
          <ul className="mt-2 grid gap-1 text-sm">
            {enrolment.receipts.map((receipt) => (
              <li key={receipt.href}>
                <a className="inline-flex min-h-11 items-center font-semibold text-ocean-800 underline" href={receipt.href} download>
                  Download {receipt.label} (PDF)
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {enrolment.documents ? <DocumentsPanel orderId={enrolment.orderId} documents={enrolment.documents} /> : null}
      {enrolment.dateChange ? <DateChangePanel orderId={enrolment.orderId} dateChange={enrolment.dateChange} /> : null}
    </article>
  )
}

const INSTALLMENT_STATE_TEXT = {paid: 'Paid', requested: 'Due now', expired: 'Link expired: we will send a new one', due: 'Not yet due'} as const
