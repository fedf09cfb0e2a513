/**
 * The administrator pages' data table frame: a keyboard-focusable region named by the table's
 * caption that scrolls sideways on a narrow screen (WCAG 2.1.1, 1.4.10), the caption (read by
 * screen readers only), a header row of column headings and the rows given as children (a
 * <tbody>'s content), the table itself being the site's one Table (~/components/ui/Table). One
 * home for the frame of /admin/batches, /admin/exams, /admin/payments, /admin/enquiries and
 * /admin/certificates (the enrolments list keeps its own: TanStack builds its sortable head).
 */
import {forwardRef, useId, type ReactNode} from 'react'
import {Table, type TableColumn} from '~/components/ui/Table'

export {columnsOf} from '~/components/ui/Table'

export type AdminTableProps = {
  /** The table's caption: what it lists and in which order ("Upcoming batches, earliest first"). */
  caption: ReactNode
  /** Column headings, left to right; a heading may be visually hidden content (<span className="sr-only">…</span>). */
  columns: readonly TableColumn[]
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
      <Table
        caption={caption}
        captionId={captionId}
        columns={columns}
        className="min-w-full divide-y divide-slate-200 text-left text-sm"
        headClassName="bg-slate-50"
        headingClassName={`px-3 ${headPadding} font-semibold whitespace-nowrap text-navy-900`}
      >
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </Table>
    </div>
  )
})
