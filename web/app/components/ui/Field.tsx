/**
 * One labelled value of a description list (<dt> label, <dd> value), as record cards and details
 * show them ("E-mail", "Amount", "Attempts"…). The caller gives the surrounding <dl> and its grid;
 * `className` places the pair in it (e.g. a column span), `valueClassName` sizes the value.
 */
import type {ReactNode} from 'react'

export function Field({
  label,
  children,
  className = '',
  valueClassName = '',
}: {
  label: string
  children: ReactNode
  className?: string
  valueClassName?: string
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className={`mt-0.5 text-navy-900 ${valueClassName}`}>{children}</dd>
    </div>
  )
}
