/**
 * The local sandbox checkout (embedded default, no Razorpay keys): a modal dialog served by
 * the site itself, named "Sandbox checkout", showing the amount and the course, with **Pay**
 * and **Fail payment**; closing it (button or Escape) dismisses the payment. The signature
 * of a sandbox payment is computed by the server (/api/sandbox/pay), never here.
 */
import {useEffect, useRef, useState} from 'react'
import {formatMoney} from '#schemas/rules/format'
import {fromMinorUnits} from '#schemas/rules/price'
import {sandboxPay, type Order, type PaymentResult} from '~/lib/checkout'
import {CloseIcon, ShieldIcon} from './Icons'
import {SummaryRow} from '~/components/ui/SummaryRow'

export type SandboxOutcome = PaymentResult | {failed: string} | {dismissed: true}

export function SandboxCheckout({order, courseName, onDone}: {order: Order; courseName: string; onDone: (outcome: SandboxOutcome) => void}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const [busy, setBusy] = useState<'pay' | 'fail' | null>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])

  async function settle(outcome: 'pay' | 'fail') {
    setBusy(outcome)
    try {
      onDone(await sandboxPay(order.id, outcome))
    } catch {
      onDone({failed: 'The sandbox gateway did not answer'})
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="sandbox-title"
      aria-describedby="sandbox-description"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 shadow-2xl backdrop:bg-navy-950/70"
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onDone({dismissed: true})
      }}
    >
      <div className="flex items-center justify-between bg-navy-900 px-6 py-4 text-white">
        <h2 id="sandbox-title" className="flex items-center gap-2 text-lg font-bold">
          <ShieldIcon /> Sandbox checkout
        </h2>
        <button
          type="button"
          className="grid h-10 w-10 place-items-center rounded-md hover:bg-white/10"
          onClick={() => onDone({dismissed: true})}
          disabled={busy !== null}
        >
          <CloseIcon />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <div className="space-y-4 px-6 py-5">
        <p id="sandbox-description" className="rounded-lg bg-brass-300/30 px-3 py-2 text-sm text-navy-900">
          Test mode: no card is charged. Razorpay keys switch this to real payments.
        </p>
        <dl className="space-y-2 text-sm">
          <SummaryRow term="Course">{courseName}</SummaryRow>
          <SummaryRow term="Amount" valueClassName="text-lg font-bold text-navy-900" testId="sandbox-amount">
            {formatMoney(fromMinorUnits(order.amount), order.currency)}
          </SummaryRow>
          <SummaryRow term="Order" valueClassName="font-mono text-xs text-slate-700" testId="sandbox-order">
            {order.id}
          </SummaryRow>
        </dl>
        <div className="flex flex-col gap-3 pt-2 sm:flex-row-reverse">
          {/* The dialog's initial focus (HTML's way to choose it for a modal <dialog>). */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <button type="button" className="btn-primary flex-1" onClick={() => settle('pay')} disabled={busy !== null} autoFocus>
            {busy === 'pay' ? 'Paying...' : 'Pay'}
          </button>
          <button type="button" className="btn-outline flex-1" onClick={() => settle('fail')} disabled={busy !== null}>
            {busy === 'fail' ? 'Failing...' : 'Fail payment'}
          </button>
        </div>
      </div>
    </dialog>
  )
}
