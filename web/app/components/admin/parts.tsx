/** Small pieces of the administrator pages: status badge, spinner (dates and money: ~/domain/format). */
import type {EnrolmentStatus} from '#schemas/api/admin'

export function StatusBadge({status}: {status: EnrolmentStatus | string}) {
  const paid = status === 'paid'
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        paid ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' : 'bg-amber-50 text-amber-900 ring-amber-600/40'
      }`}
    >
      {paid ? 'Paid' : 'Pending'}
    </span>
  )
}

export function Spinner({label}: {label: string}) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-4 py-16 text-slate-600">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-ocean-100 border-t-ocean-600" />
      <span className="text-base font-medium">{label}</span>
    </div>
  )
}
