/**
 * The enrolment list's data rules, free of React (docs/requirements.md#req-validation-admin-search).
 *
 * - Search: case-insensitive substring on name, training program, course, country and receipt
 *   number; plain substring on mobile. Leading/trailing spaces of the query are ignored; an empty query
 *   matches everything.
 * - Sorting: text columns compare case-insensitively (locale-aware, numbers in text in
 *   numeric order); amount compares as a number; dates by time. Default: name ascending.
 * - Summary: total count, revenue = per currency, what was paid minus what was refunded
 *   (#schemas/rules/revenue netRevenueMinor: pending ones are listed and marked but never
 *   counted; failed refunds do not count), distinct training programs; and the fourth card's
 *   count, the enrolments awaiting contact (paid, nobody contacted yet).
 * - Status filter: all, or one status; combined with the search (both must match).
 *   The status column sorts in the order of an enrolment's life (pending, paid, contacted, …).
 * Sorting, filtering and paging themselves are @tanstack/react-table's; this module supplies
 * its column definitions, filter function and table options.
 */
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type ColumnDef,
  type FilterFn,
  type SortingFn,
  type SortingState,
  type TableOptions,
} from '@tanstack/react-table'
import {enrolmentBatchText} from '#schemas/rules/batches'
import {buildCsv, type CsvValue} from '#schemas/rules/csv'
import {ENROLMENT_STATUSES, isAwaitingContact, type EnrolmentStatus} from '#schemas/rules/enrolment-status'
import {localDate} from '#schemas/rules/format'
import {fromMinorUnits} from '#schemas/rules/price'
import {netRevenueMinor, revenueCurrency} from '#schemas/rules/revenue'
import type {EnrolmentSummary} from '#schemas/contracts/admin'
export const PAGE_SIZE = 10
export const DEFAULT_SORTING: SortingState = [{id: 'name', desc: false}]

/** The spec's search rule for one record. */
export function matchesSearch(record: EnrolmentSummary, query: string): boolean {
  const raw = query.trim()
  if (!raw) return true
  const needle = raw.toLowerCase()
  const text = [record.name, record.trainingProgramName, record.courseName, record.country, record.receiptNumber]
  if (
    text.some((value) =>
      String(value ?? '')
        .toLowerCase()
        .includes(needle),
    )
  )
    return true
  return String(record.mobile ?? '').includes(raw)
}

export const searchFilter: FilterFn<EnrolmentSummary> = (row, _columnId, value) => matchesSearch(row.original, String(value ?? ''))

const collator = new Intl.Collator('en', {sensitivity: 'base', numeric: true})

/** Case-insensitive, locale-aware text order. */
export const textSort: SortingFn<EnrolmentSummary> = (a, b, columnId) =>
  collator.compare(String(a.getValue(columnId) ?? ''), String(b.getValue(columnId) ?? ''))

/** Numeric order (amounts); a non-number sorts first. */
export const numberSort: SortingFn<EnrolmentSummary> = (a, b, columnId) => {
  const x = Number(a.getValue(columnId))
  const y = Number(b.getValue(columnId))
  return (Number.isNaN(x) ? -Infinity : x) - (Number.isNaN(y) ? -Infinity : y) || 0
}

/** The order of an enrolment's life (ENROLMENT_STATUSES); an unknown status sorts last. */
export const statusSort: SortingFn<EnrolmentSummary> = (a, b, columnId) => {
  const rank = (value: unknown) => {
    const index = (ENROLMENT_STATUSES as readonly unknown[]).indexOf(value)
    return index === -1 ? ENROLMENT_STATUSES.length : index
  }
  return rank(a.getValue(columnId)) - rank(b.getValue(columnId))
}

/** The status filter: a status, or '' for all. */
export const statusFilter: FilterFn<EnrolmentSummary> = (row, _columnId, value) => !value || row.original.status === value

/** Time order (ISO dates); missing dates sort first. */
export const dateSort: SortingFn<EnrolmentSummary> = (a, b, columnId) => {
  const time = (value: unknown) => {
    const parsed = value ? Date.parse(String(value)) : NaN
    return Number.isNaN(parsed) ? -Infinity : parsed
  }
  const x = time(a.getValue(columnId))
  const y = time(b.getValue(columnId))
  return x === y ? 0 : x < y ? -1 : 1
}

/** The sortable columns, in table order. Cells are rendered by the table component. */
export const COLUMNS: ColumnDef<EnrolmentSummary>[] = [
  {id: 'name', accessorKey: 'name', header: 'Name', sortingFn: textSort},
  {id: 'mobile', accessorKey: 'mobile', header: 'Mobile', sortingFn: textSort},
  {id: 'trainingProgramName', accessorKey: 'trainingProgramName', header: 'Training Program', sortingFn: textSort},
  {id: 'courseName', accessorKey: 'courseName', header: 'Course', sortingFn: textSort},
  {id: 'country', accessorKey: 'country', header: 'Country', sortingFn: textSort},
  {id: 'amount', accessorFn: (row) => Number(row.amount), header: 'Amount', sortingFn: numberSort},
  {id: 'status', accessorKey: 'status', header: 'Status', sortingFn: statusSort, filterFn: statusFilter},
  {id: 'createdAt', accessorKey: 'createdAt', header: 'Date', sortingFn: dateSort},
]

/** The table's state; `statusFilter` is a status, or '' (or absent) for all. */
export type TableState = {sorting: SortingState; globalFilter: string; pageIndex: number; statusFilter?: EnrolmentStatus | ''}

/**
 * The table's options for a given state. Sorting toggles ascending/descending (never off), a
 * new column starts ascending, and the caller resets the page when search or sort changes.
 */
export function tableOptions(
  data: EnrolmentSummary[],
  state: TableState,
  handlers: Pick<TableOptions<EnrolmentSummary>, 'onSortingChange' | 'onGlobalFilterChange' | 'onPaginationChange'>,
): TableOptions<EnrolmentSummary> {
  return {
    data,
    columns: COLUMNS,
    state: {
      sorting: state.sorting,
      globalFilter: state.globalFilter,
      columnFilters: state.statusFilter ? [{id: 'status', value: state.statusFilter}] : [],
      pagination: {pageIndex: state.pageIndex, pageSize: PAGE_SIZE},
    },
    ...handlers,
    getRowId: (row) => row._id || row.orderId,
    globalFilterFn: searchFilter,
    getColumnCanGlobalFilter: () => true,
    // The status filter is set through the state above (the page's select), never by the table.
    onColumnFiltersChange: () => undefined,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  }
}

/** 'Showing X to Y of N results' (X is 0 when there are none). */
export function showingText(pageIndex: number, pageSize: number, total: number): string {
  const from = total === 0 ? 0 : pageIndex * pageSize + 1
  const to = Math.min(total, (pageIndex + 1) * pageSize)
  return `Showing ${from} to ${to} of ${total} results`
}

export type Summary = {
  total: number
  /**
   * Net revenue (paid minus refunded, #schemas/rules/revenue netRevenueMinor) per upper-case currency
   * code, in MAJOR units; a currency whose net is 0 (nothing paid, or all of it refunded) is left out.
   */
  revenue: Record<string, number>
  programs: number
  pending: number
}

export function summarize(records: readonly EnrolmentSummary[]): Summary {
  // Added in minor units (cents), so sums of amounts such as 0.1 + 0.2 stay exact.
  const revenueMinor = new Map<string, number>()
  const programs = new Set<string>()
  let pending = 0
  for (const record of records) {
    if (record.trainingProgramName) programs.add(record.trainingProgramName)
    const net = netRevenueMinor(record)
    if (net !== 0) revenueMinor.set(revenueCurrency(record), (revenueMinor.get(revenueCurrency(record)) ?? 0) + net)
    if (record.status === 'pending') pending += 1
  }
  const revenue = Object.fromEntries([...revenueMinor].map(([currency, minor]) => [currency, fromMinorUnits(minor)]))
  return {total: records.length, revenue, programs: programs.size, pending}
}

/** The "Awaiting contact" card: how many of `records` are paid and not contacted yet. */
export function countAwaitingContact(records: readonly EnrolmentSummary[]): number {
  return records.filter((record) => isAwaitingContact(record.status)).length
}

/** enrolments-YYYY-MM-DD.csv, the browser's local calendar day (#schemas/rules/format localDate). */
export function csvFileName(date: Date): string {
  return `enrolments-${localDate(date)}.csv`
}

export const CSV_HEADER = [
  'Name',
  'Email',
  'Mobile',
  'Training Program',
  'Course',
  'Batch',
  'Batch ID',
  'Over Capacity',
  'Batch Cancelled',
  'Country',
  'Amount',
  'Currency',
  'Status',
  'Created At',
  'Paid At',
  'Order ID',
  'Payment ID',
  'Receipt Number',
  'Documents',
] as const

/** The CSV of `records`, in the given order. */
export function enrolmentsCsv(records: readonly EnrolmentSummary[]): string {
  const rows: CsvValue[][] = records.map((r) => [
    r.name,
    r.email,
    r.mobile,
    r.trainingProgramName,
    r.courseName,
    r.batch ? enrolmentBatchText(r.batch, {venue: true}) : null,
    r.batch?.id ?? null,
    r.overCapacity ? 'yes' : null,
    r.batchCancelled ? 'yes' : null,
    r.country,
    Number(r.amount),
    r.currency,
    r.status,
    r.createdAt,
    r.paidAt,
    r.orderId,
    r.paymentId,
    r.receiptNumber ?? null,
    r.attachmentCount ?? 0,
  ])
  return buildCsv(CSV_HEADER, rows)
}
