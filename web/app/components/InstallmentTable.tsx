/**
 * The cadetship's installment schedule as a table (label, duration, fee in USD), shared by the
 * cadetship page (dark, with its total; docs/requirements.md#req-cadetship) and the enrolment
 * confirmation page (light, without a total).
 */
import type {ReactNode} from 'react'
import {formatUsd} from '#schemas/rules/format'
import {Table, type TableColumn} from '~/components/ui/Table'

const COLUMNS: TableColumn[] = [
  {key: 'installment', label: 'Installment'},
  {key: 'duration', label: 'Duration'},
  {key: 'fee', label: 'Fee', className: 'text-right'},
]

export type InstallmentRow = {_key: string; label: string | null; duration: string | null; feeUsd: number | null}

export function InstallmentTable({
  installments,
  caption,
  tone,
  total,
  testId,
}: {
  installments: readonly InstallmentRow[]
  caption: string
  tone: 'dark' | 'light'
  /** The total row's value, e.g. "$8,500"; none when absent. */
  total?: ReactNode
  testId?: string
}) {
  const dark = tone === 'dark'
  return (
    <Table
      caption={caption}
      columns={COLUMNS}
      className={`${dark ? 'mt-4' : 'mt-2'} w-full text-left text-sm`}
      headRowClassName={dark ? 'text-slate-300' : 'border-b border-slate-200 text-slate-600'}
      headingClassName="py-2 font-medium"
      testId={testId}
    >
      <tbody>
        {installments.map((installment) => (
          <tr key={installment._key} className={dark ? 'border-t border-white/10' : 'border-b border-slate-100'}>
            <th scope="row" className={dark ? 'py-3 font-semibold' : 'py-2 font-medium text-navy-900'}>
              {installment.label}
            </th>
            <td className={dark ? 'py-3 text-slate-200' : 'py-2 text-slate-700'}>{installment.duration}</td>
            <td className={dark ? 'py-3 text-right font-semibold' : 'py-2 text-right text-slate-700'}>{formatUsd(installment.feeUsd ?? 0)}</td>
          </tr>
        ))}
      </tbody>
      {total !== undefined ? (
        <tfoot>
          <tr className="border-t border-white/30">
            <th scope="row" colSpan={2} className="py-3 font-bold">
              Total
            </th>
            <td className="py-3 text-right text-lg font-bold text-brass-300">{total}</td>
          </tr>
        </tfoot>
      ) : null}
    </Table>
  )
}
