/**
 * The cadetship's installment schedule where a cadet pays
 * (docs/requirements.md#req-installments): "1st installment of 3", then each installment's label,
 * duration and fee (from the cadetship content, schemas/rules/installments.ts) and the total.
 * On the payment form (dark, in the summary) it says which installment today's payment is; on
 * the confirmation page (light) it also shows each installment's state — due, requested (with
 * "Pay now" for its open link), paid (with its receipt number) or expired.
 */
import {formatUsd} from '#schemas/rules/format'
import {
  INSTALLMENT_STATE_LABELS,
  installmentOfText,
  installmentSchedule,
  scheduleTotalUsd,
  type InstallmentContent,
  type InstallmentState,
} from '#schemas/rules/installments'
import {Table, type TableColumn} from '~/components/ui/Table'

const COLUMNS: TableColumn[] = [
  {key: 'installment', label: 'Installment', className: 'pr-2'},
  {key: 'duration', label: 'Duration', className: 'pr-2'},
  {key: 'fee', label: 'Fee', className: 'text-right'},
]

/** An installment's state as the confirmation page shows it. */
export type ScheduleState = {number: number; state: InstallmentState; receiptNumber?: string; linkUrl?: string}

/** "Paid · receipt MTC-2026-00002", "Requested", "Expired", "Due". */
const stateText = (state: ScheduleState) =>
  state.state === 'paid' && state.receiptNumber ? `${INSTALLMENT_STATE_LABELS.paid} · receipt ${state.receiptNumber}` : INSTALLMENT_STATE_LABELS[state.state]

export function InstallmentSchedule({
  installments,
  current = 1,
  tone,
  states,
}: {
  /** The content's installments (cadetshipProgramme.installments). */
  installments: readonly InstallmentContent[] | null | undefined
  /** The installment being paid (the form: 1). */
  current?: number
  tone: 'dark' | 'light'
  /** Each installment's state (the confirmation page); none on the form. */
  states?: readonly ScheduleState[]
}) {
  const schedule = installmentSchedule(installments)
  if (schedule.length === 0) return null
  const dark = tone === 'dark'
  const muted = dark ? 'text-slate-300' : 'text-slate-600'
  return (
    <div className={dark ? 'mt-4 border-t border-white/15 pt-3' : 'mt-2'} data-testid="installment-schedule">
      <p className={`text-sm font-semibold ${dark ? 'text-white' : 'text-navy-900'}`} data-testid="installment-of">
        {installmentOfText(current, schedule.length)}
      </p>
      <div className="overflow-x-auto">
        <Table
          caption="Cadetship fee installments"
          columns={states ? [...COLUMNS, {key: 'status', label: 'Status', className: 'pl-3'}] : COLUMNS}
          className="mt-2 w-full text-left text-sm"
          headRowClassName={dark ? 'text-slate-300' : 'border-b border-slate-200 text-slate-600'}
          headingClassName="py-1.5 font-medium"
        >
          <tbody>
            {schedule.map((row) => {
              const state = states?.find((s) => s.number === row.number)
              return (
                <tr key={row.number} className={dark ? 'border-t border-white/10' : 'border-b border-slate-100'} data-testid={`schedule-row-${row.number}`}>
                  <th scope="row" className={`py-1.5 pr-2 ${dark ? 'font-semibold' : 'font-medium text-navy-900'}`}>
                    {row.label}
                    {row.number === current && !states ? <span className={`block text-xs font-normal ${muted}`}>Today</span> : null}
                  </th>
                  <td className={`py-1.5 pr-2 ${dark ? 'text-slate-200' : 'text-slate-700'}`}>{row.duration}</td>
                  <td className={`py-1.5 text-right ${dark ? 'font-semibold' : 'text-slate-700'}`}>{formatUsd(row.feeUsd)}</td>
                  {states ? (
                    <td className="py-1.5 pl-3 text-slate-700" data-testid={`schedule-state-${row.number}`}>
                      {state ? stateText(state) : '—'}
                      {state?.state === 'requested' && state.linkUrl ? (
                        <>
                          {' '}
                          <a href={state.linkUrl} className="font-medium text-ocean-700 underline">
                            Pay now<span className="sr-only"> the {installmentOfText(row.number, schedule.length)}</span>
                          </a>
                        </>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              )
            })}
          </tbody>
          <tfoot>
            <tr className={dark ? 'border-t border-white/30' : ''}>
              <th scope="row" colSpan={2} className="py-1.5 font-bold">
                Total
              </th>
              <td className={`py-1.5 text-right font-bold ${dark ? 'text-brass-300' : 'text-navy-900'}`} data-testid="schedule-total">
                {formatUsd(scheduleTotalUsd(schedule))}
              </td>
              {states ? <td /> : null}
            </tr>
          </tfoot>
        </Table>
      </div>
      {!states ? (
        <p className={`mt-2 text-xs ${muted}`}>
          Today you pay the {installmentOfText(current, schedule.length)}. We e-mail you a secure payment link for each of the others when it is due.
        </p>
      ) : null}
    </div>
  )
}
