/**
 * What a list shows when it has nothing to list ("No certificates have been issued yet.", "There
 * are no messages in the outbox yet."): the message in a dashed box, with an optional hint under
 * it. `heading` makes the message the section's <h2> (a page whose list is its main content);
 * `className` sets the margin and height (default `mt-4 py-12`).
 */
import type {ReactNode} from 'react'

export function EmptyState({
  title,
  hint,
  heading = false,
  className = 'mt-4 py-12',
}: {
  title: ReactNode
  hint?: ReactNode
  heading?: boolean
  className?: string
}) {
  const Title = heading ? 'h2' : 'p'
  return (
    <div className={`rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 text-center ${className}`}>
      <Title className="text-lg font-semibold text-navy-900">{title}</Title>
      {hint ? <p className="mt-2 text-sm text-slate-600">{hint}</p> : null}
    </div>
  )
}
