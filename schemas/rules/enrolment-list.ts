/**
 * The enrolment list's rules (docs/requirements.md#req-admin-list, #req-validation-admin-search),
 * one home for the server that pages the list and the page that shows it.
 *
 * - Search (the spec's): case-insensitive substring on name, training program, course, country
 *   and receipt number; plain substring on mobile. Leading/trailing spaces of the query are
 *   ignored; an empty query matches everything.
 * - Sorting: one column at a time, ascending or descending. Text columns compare by
 *   textSortKey (case- and accent-insensitive, numbers in text in numeric order), amount as a
 *   number, the date by time, the status in the order of an enrolment's life (pending, paid,
 *   contacted, …). Ties: newest first, then by order id. Default: name ascending; 10 a page.
 * - Cards (for the whole filtered set): total count, revenue per currency (what was paid minus
 *   what was refunded: ./revenue.ts netRevenueMinor; pending ones never count), distinct
 *   training programs, pending ones, and Awaiting contact (paid, nobody contacted yet). They are
 *   computed from ListSums, which the index keeps per partition and adds up, so the cards of an
 *   unsearched list never read a row.
 */
import {enrolmentBatchText} from './batches'
import type {CsvValue} from './csv'
import {textSortKey} from './text'
import {ENROLMENT_STATUSES, isAwaitingContact, wasPaid} from './enrolment-status'
import {fromMinorUnits} from './price'
import {addCash, mergeCash, netRevenueMinor, revenueCurrency, type CashByMonth, type RevenueRow} from './revenue'

/** Rows per page of the admin list (the spec's page size). */
export const PAGE_SIZE = 10

/** The sortable columns, in table order. */
export const ENROLMENT_SORTS = ['name', 'mobile', 'trainingProgramName', 'courseName', 'country', 'amount', 'status', 'createdAt'] as const
export type EnrolmentSort = (typeof ENROLMENT_SORTS)[number]
export const DEFAULT_SORT: EnrolmentSort = 'name'

/** The fields of a list row these rules read. */
export type ListRow = RevenueRow & {
  orderId: string
  name: string
  mobile: string
  trainingProgramName: string
  courseName: string
  country: string
  status: string
  createdAt: string
  receiptNumber?: string | null
}

/** The spec's search rule for one row. */
export function matchesSearch(
  row: Pick<ListRow, 'name' | 'trainingProgramName' | 'courseName' | 'country' | 'mobile' | 'receiptNumber'>,
  query: string,
): boolean {
  const raw = query.trim()
  if (!raw) return true
  return searchText(row).includes(raw.toLowerCase()) || String(row.mobile ?? '').includes(raw)
}

/**
 * The lower-cased text the search looks in (everything but the mobile), fields joined by a
 * character no search contains (a search never matches across two fields).
 */
export const searchText = (row: Pick<ListRow, 'name' | 'trainingProgramName' | 'courseName' | 'country' | 'receiptNumber'>): string =>
  [row.name, row.trainingProgramName, row.courseName, row.country, row.receiptNumber].map((value) => String(value ?? '').toLowerCase()).join('\u0000')

/** The rank of a status in an enrolment's life (ENROLMENT_STATUSES); an unknown status sorts last. */
export function statusRank(status: string): number {
  const index = (ENROLMENT_STATUSES as readonly string[]).indexOf(status)
  return index === -1 ? ENROLMENT_STATUSES.length : index
}

/** A row's sort key for `column`: strings compare as strings, numbers as numbers (a non-number amount sorts first). */
export function sortKey(row: ListRow, column: EnrolmentSort): string | number {
  switch (column) {
    case 'amount': {
      const amount = Number(row.amount)
      return Number.isFinite(amount) ? amount : -Infinity
    }
    case 'status':
      return statusRank(row.status)
    case 'createdAt': {
      const time = Date.parse(row.createdAt)
      return Number.isNaN(time) ? -Infinity : time
    }
    default:
      return textSortKey(String(row[column] ?? ''))
  }
}

/** Ties: newest first, then by order id. */
export function tieBreak(a: Pick<ListRow, 'createdAt' | 'orderId'>, b: Pick<ListRow, 'createdAt' | 'orderId'>): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1
  return a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0
}

/** The list's order of two rows given their sort keys (sortKey) and `dir`: ties as tieBreak whatever the direction. */
export function compareKeyed(x: string | number, y: string | number, a: ListRow, b: ListRow, dir: 'asc' | 'desc'): number {
  return x === y ? tieBreak(a, b) : (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1)
}

/** The list's order for `column` and `dir` (ties as tieBreak whatever the direction). */
export function compareRows(column: EnrolmentSort, dir: 'asc' | 'desc'): (a: ListRow, b: ListRow) => number {
  return (a, b) => compareKeyed(sortKey(a, column), sortKey(b, column), a, b, dir)
}

/** 'Showing X to Y of N results' (X is 0 when there are none). */
export function showingText(pageIndex: number, pageSize: number, total: number): string {
  const from = total === 0 ? 0 : pageIndex * pageSize + 1
  const to = Math.min(total, (pageIndex + 1) * pageSize)
  return `Showing ${from} to ${to} of ${total} results`
}

/**
 * The figures behind the cards of a set of rows, kept so that two sets add up (sumsOf(a ∪ b) =
 * addSums(sumsOf(a), sumsOf(b))) and a row can be taken out again (sign -1):
 * - `count`: rows per group (sumsGroup: the status, and whether the payment was received);
 * - `netMinor`: per group, per upper-case currency, net revenue in MINOR units (netRevenueMinor);
 * - `programs`: per group, rows per training program name;
 * - `cash`: the cash view of ./revenue.ts (paid and refunded per currency and month) behind
 *   "Revenue by month".
 * Entries that reach 0 are removed, so equal sets give equal sums.
 */
export type ListSums = {
  count: Record<string, number>
  netMinor: Record<string, Record<string, number>>
  programs: Record<string, Record<string, number>>
  cash: CashByMonth
}

export const emptySums = (): ListSums => ({count: {}, netMinor: {}, programs: {}, cash: {}})

/**
 * The group a row's sums are kept under: its status, with `/unpaid` when its payment was never
 * received (./enrolment-status.ts wasPaid: `pending`, or cancelled before paying), so that the
 * default list (payments received) and each status can be summed without reading rows.
 */
export const sumsGroup = (row: Pick<ListRow, 'status' | 'paidAt'>): string => (wasPaid(row) ? row.status : `${row.status}/unpaid`)

/** The status of a sums group. */
export const groupStatus = (group: string): string => group.split('/')[0]!

/** Whether a sums group holds rows whose payment was received. */
export const groupWasPaid = (group: string): boolean => !group.endsWith('/unpaid')

/**
 * The list's status filter as a test on a sums group: `received` (every enrolment whose payment
 * was received), `all`, or one status — that status only among the payments received when
 * `payment` is `received` (the page with pending enrolments hidden: a cancelled enrolment shows
 * only if it was paid first).
 */
export function statusFilter(status: string, payment?: string): (group: string) => boolean {
  const byStatus = status === 'all' || status === 'received' ? () => true : (group: string) => groupStatus(group) === status
  const received = status === 'received' || payment === 'received'
  return (group) => byStatus(group) && (!received || groupWasPaid(group))
}

function bump(record: Record<string, number>, key: string, by: number): void {
  const next = (record[key] ?? 0) + by
  if (next === 0) delete record[key]
  else record[key] = next
}

function bumpIn(record: Record<string, Record<string, number>>, outer: string, key: string, by: number): void {
  const inner = (record[outer] ??= {})
  bump(inner, key, by)
  if (Object.keys(inner).length === 0) delete record[outer]
}

/** Adds (`sign` 1) or takes out (`sign` -1) one row's part of `sums`, in place; `cash: false` leaves the cash view alone (the cards do not read it). */
export function addToSums(sums: ListSums, row: ListRow, sign: 1 | -1 = 1, options: {cash?: boolean} = {}): ListSums {
  const group = sumsGroup(row)
  bump(sums.count, group, sign)
  const net = netRevenueMinor(row)
  if (net !== 0) bumpIn(sums.netMinor, group, revenueCurrency(row), sign * net)
  if (row.trainingProgramName) bumpIn(sums.programs, group, row.trainingProgramName, sign)
  if (options.cash !== false) addCash(sums.cash, row, sign)
  return sums
}

/** The sums of `rows`. */
export const sumsOf = (rows: Iterable<ListRow>): ListSums => {
  const sums = emptySums()
  for (const row of rows) addToSums(sums, row)
  return sums
}

/** `more` added into `sums`, in place, for the groups (sumsGroup) `groups` accepts (the cash view: all of it). */
export function addSums(sums: ListSums, more: ListSums, groups: (group: string) => boolean = () => true): ListSums {
  for (const [group, n] of Object.entries(more.count)) if (groups(group)) bump(sums.count, group, n)
  for (const [group, perCurrency] of Object.entries(more.netMinor))
    if (groups(group)) for (const [currency, minor] of Object.entries(perCurrency)) bumpIn(sums.netMinor, group, currency, minor)
  for (const [group, perProgram] of Object.entries(more.programs))
    if (groups(group)) for (const [program, n] of Object.entries(perProgram)) bumpIn(sums.programs, group, program, n)
  mergeCash(sums.cash, more.cash)
  return sums
}

/** The four cards of a filtered set. `revenue` per upper-case currency in MAJOR units; a currency whose net is 0 is left out. */
export type ListSummary = {total: number; revenue: Record<string, number>; programs: number; pending: number; awaitingContact: number}

/** The cards from `sums`. */
export function summaryOf(sums: ListSums): ListSummary {
  const revenueMinor = new Map<string, number>()
  const programs = new Set<string>()
  let total = 0
  let awaitingContact = 0
  let pending = 0
  for (const [group, n] of Object.entries(sums.count)) {
    total += n
    if (isAwaitingContact(groupStatus(group))) awaitingContact += n
    if (groupStatus(group) === 'pending') pending += n
  }
  for (const perCurrency of Object.values(sums.netMinor))
    for (const [currency, minor] of Object.entries(perCurrency)) revenueMinor.set(currency, (revenueMinor.get(currency) ?? 0) + minor)
  for (const perProgram of Object.values(sums.programs)) for (const program of Object.keys(perProgram)) programs.add(program)
  const revenue = Object.fromEntries([...revenueMinor].filter(([, minor]) => minor !== 0).map(([currency, minor]) => [currency, fromMinorUnits(minor)]))
  return {total, revenue, programs: programs.size, pending, awaitingContact}
}

/** The cards of `rows` (summaryOf(sumsOf(rows))). */
export const summarize = (rows: Iterable<ListRow>): ListSummary => summaryOf(sumsOf(rows))

/** The CSV's file name: `enrolments-YYYY-MM-DD.csv`, the UTC day of `now`. */
export const csvFileName = (now: Date): string => `enrolments-${now.toISOString().slice(0, 10)}.csv`

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

/** The fields of a list row the CSV writes. */
export type CsvRow = ListRow & {
  email: string
  paidAt: string | null
  paymentId: string | null
  attachmentCount?: number
  batch?: Parameters<typeof enrolmentBatchText>[0] & {id: string}
  overCapacity?: boolean
  batchCancelled?: boolean
}

/** One row of the CSV (CSV_HEADER's columns). */
export const enrolmentCsvRow = (r: CsvRow): CsvValue[] => [
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
]
