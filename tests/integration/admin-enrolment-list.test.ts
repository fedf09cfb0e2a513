/**
 * The paged admin list (docs/requirements.md#req-admin-list-queries) through its function, over
 * the monthly partitions of the enrolment index: the spec's search, sort and paging rules with the
 * cases the page's unit tests use, filters, deep pages and a page beyond the end, the cards equal
 * to the sums of the rows, 400s naming the parameter, concurrent writes into one month, a
 * partition read while it is written, and a streamed CSV of 20,000 rows read back.
 */
import {describe, expect, it} from 'vitest'
import list from '#netlify/functions/admin-enrolments'
import type {EnrolmentSummary} from '#schemas/contracts/admin'
import {matchesSearch, summarize} from '#schemas/rules/enrolment-list'
import {
  clearEnrolmentIndex,
  indexStore,
  partitionKey,
  readIndexRows,
  upsertRows,
  type IndexPartition,
  type IndexRow,
} from '#netlify/services/enrolments/index-store'
import {sumsOf} from '#schemas/rules/enrolment-list'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

let serial = 0
function row(overrides: Partial<IndexRow> & {name: string}): IndexRow {
  const n = serial++
  const orderId = overrides.orderId ?? `order_list${String(n).padStart(6, '0')}`
  return {
    orderId,
    email: `cadet${n}@example.com`,
    mobile: '+91 98470 12345',
    amount: 100,
    currency: 'USD',
    trainingProgramName: 'STCW Courses',
    courseName: 'Basic STCW',
    country: '',
    status: 'paid',
    createdAt: '2025-01-01T10:00:00.000Z',
    paidAt: '2025-01-01T10:01:00.000Z',
    paymentId: `pay_${orderId}`,
    receiptNumber: null,
    attachmentCount: 0,
    updatedAt: '2025-01-01T10:01:00.000Z',
    ...overrides,
  }
}

type Page = {rows: EnrolmentSummary[]; total: number; page: number; pageSize: number; summary: Record<string, unknown>}

async function get(query: string, token?: string) {
  return callAs(list, getRequest(`/api/admin/enrollments?${query}`, token ?? (await loginToken())))
}

async function page(query: string, token?: string): Promise<Page> {
  const result = await get(query, token)
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body as Page
}

/** Every row of a query, page by page. */
async function all(query: string, token: string): Promise<EnrolmentSummary[]> {
  const rows: EnrolmentSummary[] = []
  for (let n = 1; ; n++) {
    const answer = await page(`${query}&page=${n}&pageSize=100`, token)
    rows.push(...answer.rows)
    if (rows.length >= answer.total) return rows
  }
}

const names = (answer: Page) => answer.rows.map((r) => r.name)

describe('the paged list: the spec rules', () => {
  it('searches, sorts and pages as the spec says, with the cards of the whole filtered set', async () => {
    await clearEnrolmentIndex()
    await upsertRows([
      row({name: 'carol', amount: 900, createdAt: '2025-02-03T10:00:00.000Z'}),
      row({name: 'Bob', amount: 1000, createdAt: '2025-03-03T10:00:00.000Z'}),
      row({name: 'alice', amount: 50, createdAt: '2025-01-03T10:00:00.000Z'}),
      row({name: 'Dan', amount: 300, country: 'Vietnam', createdAt: '2025-02-13T10:00:00.000Z'}),
      row({
        name: 'Asha Pillai',
        trainingProgramName: 'Competency Training',
        courseName: 'Master/Chief officer',
        country: 'Guyana',
        mobile: '+91 98470 55555',
        createdAt: '2025-04-01T10:00:00.000Z',
      }),
    ])
    const token = await loginToken()
    // Default: name ascending, case-insensitive.
    expect(names(await page('page=1&pageSize=10', token))).toEqual(['alice', 'Asha Pillai', 'Bob', 'carol', 'Dan'])
    // Amount as a number, both ways.
    expect(names(await page('page=1&pageSize=10&sort=amount', token))).toEqual(['alice', 'Asha Pillai', 'Dan', 'carol', 'Bob'])
    expect(names(await page('page=1&pageSize=10&sort=amount&dir=desc', token))).toEqual(['Bob', 'carol', 'Dan', 'Asha Pillai', 'alice'])
    // The spec's search: case-insensitive fields, mobile as a plain substring, nothing else.
    for (const [q, expected] of [
      ['PILLAI', ['Asha Pillai']],
      ['competency', ['Asha Pillai']],
      ['CHIEF OFFICER', ['Asha Pillai']],
      ['guyANA', ['Asha Pillai']],
      ['VIET', ['Dan']],
      ['98470 55', ['Asha Pillai']],
      ['9847055555', []],
      ['example.com', []],
    ] as const) {
      expect(names(await page(`page=1&pageSize=10&q=${encodeURIComponent(q)}`, token)), q).toEqual(expected)
    }
    // Paging: 2 a page.
    const second = await page('page=2&pageSize=2', token)
    expect(names(second)).toEqual(['Bob', 'carol'])
    expect(second).toMatchObject({total: 5, page: 2, pageSize: 2})
    // Beyond the end: no rows, the right total.
    expect(await page('page=9&pageSize=2', token)).toMatchObject({rows: [], total: 5, page: 9})
    // The cards of a searched set.
    const searched = await page('page=1&pageSize=1&q=PILLAI', token)
    expect(searched.summary).toMatchObject({total: 1, revenue: {USD: 100}, programs: 1, pending: 0, awaitingContact: 1})
    expect((await page('page=1&pageSize=1', token)).summary).toMatchObject({total: 5, revenue: {USD: 2350}, programs: 2, awaitingContact: 5})
  })

  it('filters by status (received by default), batch and creation day, and the cards follow the filters', async () => {
    await clearEnrolmentIndex()
    const batch = {id: 'batch-list-1', startDate: '2025-03-10', endDate: '2025-03-14', city: 'Mumbai', venue: null, country: 'India'}
    await upsertRows([
      row({name: 'Ana', status: 'paid', createdAt: '2025-01-31T23:59:00.000Z', batch}),
      row({name: 'Ben', status: 'contacted', historyCount: 1, createdAt: '2025-02-01T00:00:00.000Z'}),
      row({name: 'Eve', status: 'cancelled', historyCount: 1, createdAt: '2025-02-10T00:00:00.000Z', batch}),
      row({name: 'Fay', status: 'cancelled', historyCount: 1, paidAt: null, paymentId: null, createdAt: '2025-02-11T00:00:00.000Z'}),
      row({name: 'Ida', status: 'pending', paidAt: null, paymentId: null, createdAt: '2025-03-01T00:00:00.000Z'}),
    ])
    const token = await loginToken()
    expect(names(await page('page=1', token))).toEqual(['Ana', 'Ben', 'Eve'])
    expect((await page('page=1', token)).summary).toMatchObject({total: 3, pending: 0})
    expect(names(await page('page=1&status=all', token))).toEqual(['Ana', 'Ben', 'Eve', 'Fay', 'Ida'])
    expect((await page('page=1&status=all', token)).summary).toMatchObject({total: 5, pending: 1, awaitingContact: 1})
    expect(names(await page('page=1&status=cancelled', token))).toEqual(['Eve', 'Fay'])
    // With pending enrolments hidden the page asks for one status among the payments received.
    expect(names(await page('page=1&status=cancelled&payment=received', token))).toEqual(['Eve'])
    expect((await page('page=1&status=cancelled&payment=received', token)).summary).toMatchObject({total: 1})
    expect(names(await page(`page=1&status=all&batch=${batch.id}`, token))).toEqual(['Ana', 'Eve'])
    expect(names(await page('page=1&status=all&from=2025-02-01&to=2025-02-10', token))).toEqual(['Ben', 'Eve'])
    expect((await page('page=1&status=all&from=2025-02-01&to=2025-02-10', token)).summary).toMatchObject({total: 2})
    expect(names(await page('page=1&status=all&from=2025-03-01', token))).toEqual(['Ida'])
    // The status column in the order of an enrolment's life; the date column by time.
    expect(names(await page('page=1&status=all&sort=status', token))).toEqual(['Ida', 'Ana', 'Ben', 'Fay', 'Eve'])
    expect(names(await page('page=1&status=all&sort=createdAt&dir=desc', token))).toEqual(['Ida', 'Fay', 'Eve', 'Ben', 'Ana'])
  })

  it('answers 400 naming the parameter', async () => {
    const token = await loginToken()
    for (const [query, message] of [
      ['page=1&pageSize=101', 'pageSize must be a whole number from 1 to 100'],
      ['page=0', 'page must be a whole number of at least 1'],
      ['page=1&sort=email', 'sort must be one of: name, mobile, trainingProgramName, courseName, country, amount, status, createdAt'],
      ['page=1&dir=up', 'dir must be asc or desc'],
      ['page=1&from=2025-02-30', 'from must be a date YYYY-MM-DD'],
      ['page=1&to=yesterday', 'to must be a date YYYY-MM-DD'],
      ['page=1&from=2025-03-01&to=2025-02-01', 'from must be on or before to'],
      [
        'page=1&status=unknown',
        'status must be one of: received, all, pending, paid, contacted, confirmed, completed, cancelled, refunded, partially-refunded',
      ],
      ['page=1&page=2', 'Give page at most once'],
    ]) {
      const result = await get(query!, token)
      expect(result.status, query).toBe(400)
      expect(result.body, query).toEqual({error: message})
    }
  })
})

/** Rows spread over 36 months, with every status, two currencies, refunds and batches. */
function spread(count: number, prefix: string): IndexRow[] {
  const statuses = ['pending', 'paid', 'contacted', 'confirmed', 'completed', 'cancelled', 'refunded', 'partially-refunded'] as const
  return Array.from({length: count}, (_, i) => {
    const status = statuses[i % statuses.length]!
    const paid = status !== 'pending' && !(status === 'cancelled' && i % 2 === 0)
    const createdAt = new Date(Date.UTC(2024, 0, 1) + Math.floor((i / count) * 1095) * 86_400_000 + (i % 1000) * 1000).toISOString()
    return row({
      orderId: `order_${prefix}${String(i).padStart(6, '0')}`,
      name: `Cadet ${['Maria', 'José', 'Juan', 'Ana', 'Priya'][i % 5]} ${i}`,
      mobile: `+63 917 ${String(1_000_000 + ((i * 7919) % 9_000_000)).padStart(7, '0')}`,
      amount: [450, 1250.5, 3500][i % 3]!,
      currency: i % 4 === 0 ? 'INR' : 'USD',
      trainingProgramName: ['STCW Courses', 'Offshore Training', 'Competency Training'][i % 3]!,
      status,
      historyCount: status === 'paid' || status === 'pending' ? 0 : 1,
      createdAt,
      paidAt: paid ? createdAt : null,
      ...(status === 'refunded' ? {refunds: [{createdAt, amount: 10_000, status: 'processed' as const}]} : {}),
      ...(i % 3 === 0 ? {batch: {id: `batch-${i % 7}`, startDate: '2025-03-10', endDate: '2025-03-14', city: 'Manila', venue: null, country: 'PH'}} : {}),
    })
  })
}

describe('the paged list at size', () => {
  it('pages deep, and its cards equal the sums of its rows for every filter', async () => {
    await clearEnrolmentIndex()
    const rows = spread(1200, 'size')
    await upsertRows(rows)
    const token = await loginToken()
    const all1200 = await all('status=all&sort=createdAt&dir=desc', token)
    expect(all1200).toHaveLength(1200)
    expect(new Set(all1200.map((r) => r.orderId)).size).toBe(1200)
    expect(all1200.map((r) => r.createdAt)).toEqual([...all1200.map((r) => r.createdAt)].sort().reverse())
    // A deep page is the same rows as the whole list sliced there.
    const deep = await page('page=97&pageSize=10&status=all&sort=createdAt&dir=desc', token)
    expect(deep.rows.map((r) => r.orderId)).toEqual(all1200.slice(960, 970).map((r) => r.orderId))

    for (const query of [
      'status=all',
      'status=received',
      'status=cancelled',
      'q=maria',
      'status=all&batch=batch-3',
      'status=all&from=2024-06-15&to=2025-02-10',
    ]) {
      const shown = await all(query, token)
      const expected = rows
        .map((r) => ({...r, _id: r.orderId}))
        .filter((r) => {
          const params = new URLSearchParams(query)
          const status = params.get('status') ?? 'received'
          const okStatus = status === 'all' || (status === 'received' ? r.paidAt !== null : r.status === status)
          const day = r.createdAt.slice(0, 10)
          return (
            okStatus &&
            matchesSearch(r, params.get('q') ?? '') &&
            (!params.get('batch') || r.batch?.id === params.get('batch')) &&
            (!params.get('from') || day >= params.get('from')!) &&
            (!params.get('to') || day <= params.get('to')!)
          )
        })
      expect(shown.map((r) => r.orderId).sort(), query).toEqual(expected.map((r) => r.orderId).sort())
      const {summary} = await page(`${query}&page=1`, token)
      const {pending: _p, ...cards} = summarize(shown)
      expect(summary, query).toMatchObject({...cards, total: expected.length})
    }
  })

  it('loses no row when 50 enrolments of one month are written at once, and a partition read meanwhile is whole', async () => {
    await clearEnrolmentIndex()
    await upsertRows(spread(300, 'base'))
    const month = '2027-05'
    const writes = Array.from({length: 50}, (_, i) =>
      row({name: `Concurrent ${i}`, orderId: `order_race${String(i).padStart(4, '0')}`, createdAt: `${month}-1${i % 10}T10:00:00.000Z`}),
    )
    const reads: IndexPartition[] = []
    const readPartition = async () => {
      const partition = (await indexStore().get(partitionKey(month), {type: 'json'})) as IndexPartition | null
      if (partition) reads.push(partition)
    }
    // Reads race the writes still in flight: one as each write starts, one as it lands.
    await Promise.all(writes.map((write) => Promise.all([upsertRows([write]).then(readPartition), readPartition()])))
    const rows = await readIndexRows()
    expect(writes.filter((write) => !rows.has(write.orderId))).toEqual([])
    const partition = (await indexStore().get(partitionKey(month), {type: 'json'})) as IndexPartition
    expect(partition.version).toBe(50)
    // Every version read is whole: its sums are the sums of its rows.
    expect(reads.length).toBeGreaterThan(0)
    for (const read of reads) expect(read.sums).toEqual(sumsOf(Object.values(read.rows)))
  })

  it('streams a CSV of 20,000 rows in the list order, read back row by row', async () => {
    await clearEnrolmentIndex()
    await upsertRows(spread(20_000, 'csv'))
    const token = await loginToken()
    const response = await list(getRequest('/api/admin/enrollments?format=csv&status=all&sort=amount&dir=desc', token), {} as never)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="enrolments-\d{4}-\d{2}-\d{2}\.csv"/)
    expect(response.headers.get('content-length')).toBeNull()
    let chunks = 0
    let text = ''
    const decoder = new TextDecoder()
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      chunks++
      text += decoder.decode(chunk, {stream: true})
    }
    expect(chunks).toBeGreaterThan(10)
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines).toHaveLength(20_001)
    const header = lines[0]!.split(',')
    const amountAt = header.indexOf('Amount')
    const orderAt = header.indexOf('Order ID')
    const amounts = lines.slice(1).map((line) => Number(line.split(',')[amountAt]))
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a))
    expect(new Set(lines.slice(1).map((line) => line.split(',')[orderAt])).size).toBe(20_000)
  })
})
