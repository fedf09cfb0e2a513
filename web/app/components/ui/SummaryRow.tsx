/**
 * One line of a payment summary ("Course", "Amount", "Pay by"…): the term on the left, its value
 * on the right, as a <dt>/<dd> pair in the caller's <dl>. `className` adds to the line (a rule
 * above a total), `valueClassName` replaces the value's look (default: bold, right-aligned).
 */
import type {ReactNode} from 'react'

export function SummaryRow({
  term,
  children,
  className = '',
  valueClassName = 'text-right font-semibold break-words text-navy-900',
  testId,
}: {
  term: string
  children: ReactNode
  className?: string
  valueClassName?: string
  testId?: string
}) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-4 ${className}`}>
      <dt className="text-slate-600">{term}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}
