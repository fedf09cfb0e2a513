/**
 * The header of an admin page with data to refresh (the enquiries, payments, batches and outbox
 * pages): "Administration", the page's title as its h1 (`headingRef` lets a page move focus to it)
 * and "Refresh" (aria-busy while `refreshing`). Logout is in the admin navigation (AdminNav).
 */
import type {Ref} from 'react'

export function AdminPageHeader({
  title,
  refreshing,
  onRefresh,
  headingRef,
}: {
  title: string
  refreshing: boolean
  onRefresh: () => void
  headingRef?: Ref<HTMLHeadingElement>
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="text-sm font-semibold tracking-widest text-ocean-600 uppercase">Administration</p>
        <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="mt-1 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
          {title}
        </h1>
      </div>
      <button type="button" onClick={onRefresh} aria-busy={refreshing} className="btn-secondary">
        Refresh
      </button>
    </header>
  )
}
