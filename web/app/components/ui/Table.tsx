/**
 * The site's data tables, public (the course calendar, the cadetship installments) and admin: a
 * <table> with its caption (what it lists; read by screen readers only unless `captionClassName`
 * shows it), one header row of column headings (`<th scope="col">`) and the body rows given as
 * children (a <tbody>, and a <tfoot> when there is a total). Each caller keeps its own look
 * through the class names; the structure screen readers rely on has this one home.
 */
import type {ReactNode} from 'react'

/**
 * A column heading; `label` may be visually hidden content (<span className="sr-only">…</span>).
 * `sort` is how the rows are sorted by this column, when they are (the heading's aria-sort).
 */
export type TableColumn = {key: string; label: ReactNode; className?: string; sort?: 'ascending' | 'descending'}

export type TableProps = {
  caption: ReactNode
  captionId?: string
  /** The caption's classes; default visually hidden. */
  captionClassName?: string
  columns: readonly TableColumn[]
  /** Classes of the <table>, the <thead>, its row, and every heading (before the column's own). */
  className?: string
  headClassName?: string
  headRowClassName?: string
  headingClassName?: string
  testId?: string
  /** The <tbody> (and <tfoot>). */
  children: ReactNode
}

export function Table({
  caption,
  captionId,
  captionClassName = 'sr-only',
  columns,
  className,
  headClassName,
  headRowClassName,
  headingClassName = '',
  testId,
  children,
}: TableProps) {
  return (
    <table className={className} data-testid={testId}>
      <caption id={captionId} className={captionClassName}>
        {caption}
      </caption>
      <thead className={headClassName}>
        <tr className={headRowClassName}>
          {columns.map((column) => (
            <th key={column.key} scope="col" aria-sort={column.sort} className={`${headingClassName} ${column.className ?? ''}`.trim() || undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  )
}

/** Columns from plain headings (each heading is its own key). */
export const columnsOf = (labels: readonly string[]): TableColumn[] => labels.map((label) => ({key: label, label}))
