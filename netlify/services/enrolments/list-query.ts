/**
 * The admin list's queries over the enrolment index (./index-store.ts), paged on the server
 * (docs/requirements.md#req-admin-list-queries): a page of the filtered, sorted rows, their
 * total and the cards of the whole filtered set, without sending or sorting every row per request.
 *
 * How a query runs:
 * 1. readPartitions(): one listing; only partitions changed since this instance last read them
 *    are downloaded.
 * 2. Partitions outside `from`/`to` are skipped.
 * 3. Each remaining partition keeps, per partition version, its rows in the asked order (sorted
 *    once, then reused until the partition changes) and its search texts; the filter walks that
 *    order, so the matching rows come out sorted.
 * 4. A k-way merge of the partitions' sorted matches skips to the page and takes `pageSize` rows
 *    (a deep page walks the merge up to it; a first page reads 10 rows of it).
 * 5. The cards: a partition that the filters take whole (no search, no batch, every day of its
 *    month inside `from`/`to`) adds its stored sums for the asked statuses; the others add their
 *    matching rows. "Revenue by month" adds every partition's cash view: it never reads a row.
 */
import type {EnrolmentListQuery, EnrolmentSummary} from '#schemas/contracts/admin'
import {inDayRange} from '#schemas/contracts/list-query'
import {
  addSums,
  addToSums,
  emptySums,
  searchText,
  sortKey,
  statusFilter,
  sumsGroup,
  summaryOf,
  compareKeyed,
  type EnrolmentSort,
  type ListSummary,
} from '#schemas/rules/enrolment-list'
import {mergeCash, revenueFromCash, type CashByMonth, type CurrencyRevenue} from '#schemas/rules/revenue'
import {readPartitions, type ReadPartition} from './index-store'

/** What a partition keeps between queries, for the version it was derived from. */
type Derived = {
  rows: EnrolmentSummary[]
  search?: string[]
  keys: Map<EnrolmentSort, (string | number)[]>
  orders: Map<string, Uint32Array>
}

/** Per partition as read (a new version is a new object: its entry here is dropped with the old one). */
const derivedOf = new WeakMap<ReadPartition, Derived>()

function derive(partition: ReadPartition): Derived {
  let derived = derivedOf.get(partition)
  if (!derived) {
    derived = {rows: partition.list, keys: new Map(), orders: new Map()}
    derivedOf.set(partition, derived)
  }
  return derived
}

function keysOf(derived: Derived, sort: EnrolmentSort): (string | number)[] {
  let keys = derived.keys.get(sort)
  if (!keys) derived.keys.set(sort, (keys = derived.rows.map((row) => sortKey(row, sort))))
  return keys
}

/** The row positions of a partition in the asked order (ties: newest first, then order id, in both directions). */
function orderOf(derived: Derived, sort: EnrolmentSort, dir: 'asc' | 'desc'): Uint32Array {
  const name = `${sort}:${dir}`
  let order = derived.orders.get(name)
  if (!order) {
    const keys = keysOf(derived, sort)
    const positions = Array.from({length: derived.rows.length}, (_, i) => i)
    positions.sort((a, b) => compareKeyed(keys[a]!, keys[b]!, derived.rows[a]!, derived.rows[b]!, dir))
    derived.orders.set(name, (order = Uint32Array.from(positions)))
  }
  return order
}

/** The filters of a query, as a test on a row and on a sums group. */
type Filters = {
  group: (group: string) => boolean
  row: ((row: EnrolmentSummary, search: () => string) => boolean) | null
}

function filtersOf(query: Pick<EnrolmentListQuery, 'status' | 'payment' | 'q' | 'batch'>): Filters {
  const group = statusFilter(query.status, query.payment)
  const raw = query.q?.trim() ?? ''
  const needle = raw.toLowerCase()
  const tests: ((row: EnrolmentSummary, search: () => string) => boolean)[] = []
  if (query.batch) tests.push((row) => row.batch?.id === query.batch)
  if (raw) tests.push((row, search) => search().includes(needle) || String(row.mobile ?? '').includes(raw))
  return {group, row: tests.length === 0 ? null : (row, search) => tests.every((test) => test(row, search))}
}

/** Whether every day of `month` ('YYYY-MM') is inside `from`…`to` (days, both included). */
const monthInside = (month: string, range: {from?: string; to?: string}) =>
  (!range.from || range.from <= `${month}-01`) && (!range.to || range.to >= `${month}-31`)

/** Whether some day of `month` is inside `from`…`to`. */
const monthTouches = (month: string, range: {from?: string; to?: string}) =>
  (!range.from || range.from.slice(0, 7) <= month) && (!range.to || range.to.slice(0, 7) >= month)

/** One partition's matches, in order: positions into its rows. */
type Matches = {derived: Derived; keys: (string | number)[]; positions: Uint32Array | number[]; whole: boolean; partition: ReadPartition}

function matchesIn(partition: ReadPartition, query: EnrolmentListQuery, filters: Filters): Matches {
  const derived = derive(partition)
  const order = orderOf(derived, query.sort, query.dir)
  const keys = keysOf(derived, query.sort)
  const inRange = monthInside(partition.month, query)
  const whole = inRange && filters.row === null
  if (query.q && !derived.search) derived.search = derived.rows.map(searchText)
  const positions: number[] = []
  for (let n = 0; n < order.length; n++) {
    const i = order[n]!
    const row = derived.rows[i]!
    if (!filters.group(sumsGroup(row))) continue
    if (!inRange && !inDayRange(row.createdAt, query)) continue
    if (filters.row && !filters.row(row, () => derived.search![i]!)) continue
    positions.push(i)
  }
  return {derived, keys, positions: positions.length === order.length ? order : positions, whole, partition}
}

/**
 * The rows of `lists` merged in the asked order (each list already in it): a heap of one
 * cursor per partition, so `n` rows cost n·log(partitions) comparisons.
 */
function* merged(lists: Matches[], dir: 'asc' | 'desc'): Generator<EnrolmentSummary> {
  const cursors = lists.filter((list) => list.positions.length > 0).map((list) => ({list, at: 0}))
  type Cursor = (typeof cursors)[number]
  const before = (a: Cursor, b: Cursor) => {
    const i = a.list.positions[a.at]!
    const j = b.list.positions[b.at]!
    return compareKeyed(a.list.keys[i]!, b.list.keys[j]!, a.list.derived.rows[i]!, b.list.derived.rows[j]!, dir) < 0
  }
  const heap: Cursor[] = []
  const up = (k: number) => {
    while (k > 0) {
      const parent = (k - 1) >> 1
      if (!before(heap[k]!, heap[parent]!)) break
      ;[heap[k], heap[parent]] = [heap[parent]!, heap[k]!]
      k = parent
    }
  }
  const down = (k: number) => {
    for (;;) {
      const left = 2 * k + 1
      const right = left + 1
      let best = k
      if (left < heap.length && before(heap[left]!, heap[best]!)) best = left
      if (right < heap.length && before(heap[right]!, heap[best]!)) best = right
      if (best === k) return
      ;[heap[k], heap[best]] = [heap[best]!, heap[k]!]
      k = best
    }
  }
  for (const cursor of cursors) {
    heap.push(cursor)
    up(heap.length - 1)
  }
  while (heap.length > 0) {
    const top = heap[0]!
    yield top.list.derived.rows[top.list.positions[top.at]!]!
    top.at++
    if (top.at < top.list.positions.length) down(0)
    else {
      const last = heap.pop()!
      if (heap.length > 0) {
        heap[0] = last
        down(0)
      }
    }
  }
}

/** The matches of `query` in every partition it touches. */
async function matching(query: EnrolmentListQuery): Promise<{lists: Matches[]; partitions: ReadPartition[]; filters: Filters}> {
  const partitions = await readPartitions()
  const filters = filtersOf(query)
  const lists = partitions.filter((partition) => monthTouches(partition.month, query)).map((partition) => matchesIn(partition, query, filters))
  return {lists, partitions, filters}
}

/** A page of the list with the cards of the filtered set and Revenue by month (at `now`, the 12 months to its month). */
export type IndexedPage = {rows: EnrolmentSummary[]; total: number; page: number; pageSize: number; summary: ListSummary; revenueByMonth: CurrencyRevenue[]}

/**
 * One page of the enrolment list for `query` (EnrolmentListQuerySchema, parsed): `rows` (page
 * `page` of `pageSize`; beyond the end none), `total` (every matching row), `summary` (the cards
 * of every matching row) and `revenueByMonth` (all enrolments, the 12 months to `now`).
 * Throws only what the store throws.
 */
export async function queryIndexedEnrolments(query: EnrolmentListQuery, options: {now?: Date} = {}): Promise<IndexedPage> {
  const {lists, partitions, filters} = await matching(query)
  const total = lists.reduce((sum, list) => sum + list.positions.length, 0)
  const start = (query.page - 1) * query.pageSize
  const rows: EnrolmentSummary[] = []
  if (start < total) {
    let n = 0
    for (const row of merged(lists, query.dir)) {
      if (n++ < start) continue
      rows.push(row)
      if (rows.length === query.pageSize) break
    }
  }
  const sums = emptySums()
  for (const list of lists) {
    if (list.whole) addSums(sums, list.partition.sums, filters.group)
    else for (const i of list.positions) addToSums(sums, list.derived.rows[i]!, 1, {cash: false})
  }
  const cash: CashByMonth = {}
  for (const partition of partitions) mergeCash(cash, partition.sums.cash)
  return {rows, total, page: query.page, pageSize: query.pageSize, summary: summaryOf(sums), revenueByMonth: revenueFromCash(cash, options.now ?? new Date())}
}

/** Every row matching `query` (its page and pageSize aside), in the asked order, as they are merged: for the CSV. */
export async function* indexedEnrolmentRows(query: EnrolmentListQuery): AsyncGenerator<EnrolmentSummary> {
  const {lists} = await matching(query)
  yield* merged(lists, query.dir)
}
