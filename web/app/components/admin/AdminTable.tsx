/**
 * The administrator pages' data table frame: a keyboard-focusable region named by the table's
 * caption that scrolls sideways on a narrow screen (WCAG 2.1.1, 1.4.10), the caption (read by
 * screen readers only), a header row of column headings and the rows given as children (a
 * <tbody>'s content). One home for the frame of /admin/batches, /admin/exams, /admin/payments
 * and /admin/enquiries (the enrolments list keeps its own: TanStack builds its sortable head).
 */
import {forwardRef, useId, type ReactNode} from 'react'

export type AdminTableProps = {
  /** The table's caption: what it lists and in which order ("Upcoming batches, earliest first"). */
  caption: ReactNode
  /** Column headings, left to right; a heading may be visually hidden content (<span className="sr-only">…</span>). */
  columns: ReadonlyArray<{key: string; label: ReactNode}>
  /** The region's extra classes (margin, visibility by breakpoint). */
  className?: string
  /** The header cells' vertical padding class. */
  headPadding?: string
  children: ReactNode
}

/** A captioned, scrollable admin table; `ref` is the scrolling region (to scroll it into view). */
export const AdminTable = forwardRef<HTMLDivElement, AdminTableProps>(function AdminTable(
  {caption, columns, className = 'mt-3', headPadding = 'py-2', children},
  ref,
) {
  const captionId = useId()
  return (
    <div
      ref={ref}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus:ring-2 focus:ring-ocean-500 focus:outline-none ${className}`}
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`px-3 ${headPadding} font-semibold whitespace-nowrap text-navy-900`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  )
})

/** Columns from plain headings (each heading is its own key). */
export const columnsOf = (labels: readonly string[]): AdminTableProps['columns'] => labels.map((label) => ({key: label, label}))
