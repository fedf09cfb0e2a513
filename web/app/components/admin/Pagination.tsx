/**
 * The pages of a server-paged admin list (docs/requirements.md#req-admin-list-queries): Previous,
 * the page numbers (all when few, else the first, the last and a window around the current one,
 * gaps shown as …) and Next, in a navigation landmark named `label`; the current page is
 * aria-current. `page` counts from 1. Nothing is shown while the list is empty. The line above a
 * list ('Showing X to Y of N results') is ./enrolments.ts showingText, as on the enrolment list;
 * sortable table headings are SortButton (sortColumns builds an AdminTable's columns with them).
 */
import type {ReactNode} from 'react'
import {pageCount} from '#schemas/contracts/list-query'
import type {TableColumn} from '~/components/ui/Table'

export {showingText} from './enrolments'

/** Page numbers (from 1) to show: all when few, else first, last and a window around `current`; 'gap' between runs. */
export function pageItems(count: number, current: number): (number | 'gap')[] {
  if (count <= 7) return Array.from({length: count}, (_, index) => index + 1)
  const shown = [...new Set([1, count, current - 1, current, current + 1].filter((page) => page >= 1 && page <= count))].sort((a, b) => a - b)
  const items: (number | 'gap')[] = []
  shown.forEach((page, index) => {
    const previous = shown[index - 1]
    if (previous !== undefined && page - previous > 1) items.push('gap')
    items.push(page)
  })
  return items
}

export type PaginationProps = {
  /** The current page, from 1. */
  page: number
  pageSize: number
  /** How many rows match (every page). */
  total: number
  onPage: (page: number) => void
  /** The navigation's name (default "Pagination"). */
  label?: string
}

export function Pagination({page, pageSize, total, onPage, label = 'Pagination'}: PaginationProps) {
  if (total === 0) return null
  const count = pageCount(total, pageSize)
  const current = Math.min(page, count)
  const button = 'btn-outline min-h-10 px-3 py-1.5 disabled:cursor-not-allowed disabled:opacity-50'
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-center gap-2 sm:justify-end">
      <button type="button" onClick={() => onPage(current - 1)} disabled={current <= 1} className={button}>
        Previous
      </button>
      {pageItems(count, current).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            onClick={() => onPage(item)}
            aria-current={item === current ? 'page' : undefined}
            aria-label={`Page ${item}`}
            className={`inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-semibold ${
              item === current ? 'border-navy-800 bg-navy-800 text-white' : 'border-slate-300 text-navy-900 hover:bg-ocean-50'
            }`}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" onClick={() => onPage(current + 1)} disabled={current >= count} className={button}>
        Next
      </button>
    </nav>
  )
}

/**
 * A sortable column's heading: a button that sorts by the column (a click on the sorted column
 * turns the direction round), with ▲ / ▼ / ↕; the <th> carries aria-sort (columns' `sort`,
 * sortColumns).
 */
export function SortButton({label, sorted, onSort}: {label: string; sorted: 'ascending' | 'descending' | undefined; onSort: () => void}) {
  return (
    <button type="button" onClick={onSort} className="inline-flex min-h-10 items-center gap-1.5 rounded px-1 hover:text-ocean-600">
      {label}
      <span aria-hidden="true" className={`text-xs ${sorted ? 'text-ocean-600' : 'text-slate-400'}`}>
        {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
      </span>
    </button>
  )
}

/**
 * The columns of an AdminTable whose headings sort: each `[key, label]` with a sort key (a
 * column of the list's `sort`) gets a SortButton and its aria-sort; `null` keeps a plain heading.
 */
export function sortColumns<S extends string>(
  columns: ReadonlyArray<{key: string; label: ReactNode; sortBy?: S}>,
  state: {sort: S; dir: 'asc' | 'desc'},
  onSort: (column: S) => void,
): TableColumn[] {
  return columns.map(({key, label, sortBy}) => {
    if (!sortBy) return {key, label}
    const sorted = state.sort === sortBy ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined
    return {key, sort: sorted, label: <SortButton label={String(label)} sorted={sorted} onSort={() => onSort(sortBy)} />}
  })
}
