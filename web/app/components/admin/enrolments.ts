/**
 * The enrolment list page's state and table, free of React (docs/requirements.md#req-admin-list,
 * #req-admin-list-queries). The rules themselves (search, order, cards, texts) are
 * #schemas/rules/enrolment-list's and run on the server: the page asks for one page at a time.
 *
 * - The query: page (from 1), 10 a page, the search (trimmed), the sort column and direction,
 *   and which enrolments: payments received (the default), all (pending shown) or one status.
 * - Sorting toggles ascending/descending (never off); a new column starts ascending; a search,
 *   sort or filter change goes back to page 1 (the caller resets the page).
 * The table is @tanstack/react-table's in manual mode: it renders the server's page and
 * reports sort and page changes.
 */
import {getCoreRowModel, type ColumnDef, type SortingState, type TableOptions} from '@tanstack/react-table'
import type {EnrolmentSummary} from '#schemas/contracts/admin'
import {DEFAULT_SORT, ENROLMENT_SORTS, PAGE_SIZE, type EnrolmentSort} from '#schemas/rules/enrolment-list'
import type {EnrolmentStatus} from '#schemas/rules/enrolment-status'

export {PAGE_SIZE, showingText} from '#schemas/rules/enrolment-list'

export const DEFAULT_SORTING: SortingState = [{id: DEFAULT_SORT, desc: false}]

const HEADERS: Record<EnrolmentSort, string> = {
  name: 'Name',
  mobile: 'Mobile',
  trainingProgramName: 'Training Program',
  courseName: 'Course',
  country: 'Country',
  amount: 'Amount',
  status: 'Status',
  createdAt: 'Date',
}

/**
 * What a group booking's row is, under its company: "Group order · 5 seats" (the booking's order:
 * its payment, counted once in revenue) or "Delegate" (a named seat, amount 0); null for one
 * candidate's enrolment.
 */
export function groupRoleText(row: Pick<EnrolmentSummary, 'group'>): string | null {
  if (!row.group) return null
  if (row.group.role === 'delegate') return 'Delegate'
  return row.group.seats ? `Group order · ${row.group.seats} ${row.group.seats === 1 ? 'seat' : 'seats'}` : 'Group order'
}

/** The sortable columns, in table order. Cells are rendered by the table component. */
export const COLUMNS: ColumnDef<EnrolmentSummary>[] = ENROLMENT_SORTS.map((id) => ({id, accessorKey: id, header: HEADERS[id]}))

/** What the page asks the server for. `pageIndex` from 0; `status` one status, or '' for all of those shown. */
export type ListState = {sorting: SortingState; search: string; status: EnrolmentStatus | ''; includePending: boolean; pageIndex: number}

/** The paged call's parameters for `state` (the search as typed, trimmed; defaults left out only where the server has the same). */
export function listQuery(state: ListState): URLSearchParams {
  const sort = state.sorting[0] ?? DEFAULT_SORTING[0]!
  const query = new URLSearchParams({page: String(state.pageIndex + 1), pageSize: String(PAGE_SIZE), sort: sort.id, dir: sort.desc ? 'desc' : 'asc'})
  const search = state.search.trim()
  if (search) query.set('q', search)
  query.set('status', state.status || (state.includePending ? 'all' : 'received'))
  // Pending ones hidden: one status among the payments received only (cancelled after paying).
  if (state.status && !state.includePending) query.set('payment', 'received')
  return query
}

/**
 * The table's options for one page of `rows` of `total`: sorting and paging are the server's,
 * reported through the handlers. Sorting toggles ascending/descending (never off), a new column
 * starts ascending.
 */
export function tableOptions(
  rows: EnrolmentSummary[],
  state: {sorting: SortingState; pageIndex: number; total: number},
  handlers: Pick<TableOptions<EnrolmentSummary>, 'onSortingChange' | 'onPaginationChange'>,
): TableOptions<EnrolmentSummary> {
  return {
    data: rows,
    columns: COLUMNS,
    state: {sorting: state.sorting, pagination: {pageIndex: state.pageIndex, pageSize: PAGE_SIZE}},
    ...handlers,
    getRowId: (row) => row._id || row.orderId,
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    rowCount: state.total,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
  }
}
