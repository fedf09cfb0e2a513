/**
 * The administrator list's rules (docs/requirements.md#req-validation-admin-search): search fields
 * and case, numeric amount sort, toggling, page reset on search/sort, summary (paid-only
 * revenue, minus refunds), and the CSV export's quoting and formula neutralisation.
 */
import {describe, expect, it} from 'vitest'
import {DEFAULT_SORTING, groupRoleText, listQuery, type ListState} from '~/components/admin/enrolments'
import type {EnrolmentSummary} from '#schemas/contracts/admin'
import {buildCsv, csvCell} from '#schemas/rules/csv'
import {compareRows, CSV_HEADER, csvFileName, enrolmentCsvRow, matchesSearch, showingText, summarize, type EnrolmentSort} from '#schemas/rules/enrolment-list'
import {formatMoney} from '#schemas/rules/format'
import {rosterOf} from '#netlify/services/admin/batches'

/** The CSV of `rows` in their order (as the server writes it). */
const enrolmentsCsv = (rows: EnrolmentSummary[]) => buildCsv(CSV_HEADER, rows.map(enrolmentCsvRow))

/** The names of `rows` filtered by the spec's search and one status, in the list's order for `sort`. */
function listed(rows: EnrolmentSummary[], options: {q?: string; status?: string; sort?: EnrolmentSort; dir?: 'asc' | 'desc'} = {}) {
  return rows
    .filter((row) => matchesSearch(row, options.q ?? '') && (!options.status || row.status === options.status))
    .sort(compareRows(options.sort ?? 'name', options.dir ?? 'asc'))
    .map((row) => row.name)
}

function record(overrides: Partial<EnrolmentSummary> & {name: string}): EnrolmentSummary {
  return {
    _id: overrides.orderId ?? `id-${overrides.name}`,
    email: 'someone@example.com',
    mobile: '+91 98470 12345',
    amount: 100,
    currency: 'USD',
    trainingProgramName: 'STCW Courses',
    courseName: 'Basic STCW',
    country: '',
    status: 'paid',
    createdAt: '2025-01-01T10:00:00.000Z',
    paidAt: '2025-01-01T10:01:00.000Z',
    orderId: `order-${overrides.name}`,
    paymentId: `pay-${overrides.name}`,
    receiptNumber: null,
    attachmentCount: 0,
    updatedAt: '2025-01-01T10:01:00.000Z',
    ...overrides,
  }
}

describe('search', () => {
  const asha = record({
    name: 'Asha Pillai',
    trainingProgramName: 'Competency Training',
    courseName: 'Master/Chief officer',
    country: 'Guyana',
    mobile: '+91 98470 12345',
  })

  it('is case-insensitive on name, training program, course and country', () => {
    expect(matchesSearch(asha, 'asha')).toBe(true)
    expect(matchesSearch(asha, 'PILLAI')).toBe(true)
    expect(matchesSearch(asha, 'competency')).toBe(true)
    expect(matchesSearch(asha, 'CHIEF OFFICER')).toBe(true)
    expect(matchesSearch(asha, 'guyANA')).toBe(true)
    expect(matchesSearch(asha, 'thailand')).toBe(false)
  })

  it('matches mobile as a plain substring', () => {
    expect(matchesSearch(asha, '98470')).toBe(true)
    expect(matchesSearch(asha, '+91 98')).toBe(true)
    expect(matchesSearch(asha, '9847012345')).toBe(false)
  })

  it('does not search other fields, and an empty query matches all', () => {
    expect(matchesSearch(asha, 'someone@example.com')).toBe(false)
    expect(matchesSearch(asha, 'order-')).toBe(false)
    expect(matchesSearch(asha, '')).toBe(true)
    expect(matchesSearch(asha, '   ')).toBe(true)
  })
})

describe('the order (sorting on the server) and the query the page asks for', () => {
  const data = [
    record({name: 'carol', amount: 900}),
    record({name: 'Bob', amount: 1000}),
    record({name: 'alice', amount: 50}),
    record({name: 'Dan', amount: 300, country: 'Vietnam'}),
  ]

  it('sorts by name ascending by default, case-insensitively', () => {
    expect(listed(data)).toEqual(['alice', 'Bob', 'carol', 'Dan'])
    expect(DEFAULT_SORTING).toEqual([{id: 'name', desc: false}])
  })

  it('sorts amounts as numbers, both ways', () => {
    expect(listed(data, {sort: 'amount'})).toEqual(['alice', 'Dan', 'carol', 'Bob']) // 50, 300, 900, 1000 (not '1000' < '300')
    expect(listed(data, {sort: 'amount', dir: 'desc'})).toEqual(['Bob', 'carol', 'Dan', 'alice'])
  })

  it('orders numbers in text numerically and ignores accents', () => {
    const rows = [record({name: 'Cadet 10'}), record({name: 'Cadet 9'}), record({name: 'Émile'}), record({name: 'Eva'}), record({name: 'ed'})]
    expect(listed(rows)).toEqual(['Cadet 9', 'Cadet 10', 'ed', 'Émile', 'Eva'])
  })

  it('breaks ties newest first, whichever the direction', () => {
    const rows = [
      record({name: 'Same', orderId: 'order_a', createdAt: '2025-01-01T10:00:00.000Z'}),
      record({name: 'Same', orderId: 'order_b', createdAt: '2025-03-01T10:00:00.000Z'}),
    ]
    expect(rows.sort(compareRows('name', 'asc')).map((row) => row.orderId)).toEqual(['order_b', 'order_a'])
    expect(rows.sort(compareRows('name', 'desc')).map((row) => row.orderId)).toEqual(['order_b', 'order_a'])
  })

  it('filters through the same search rule', () => {
    expect(listed(data, {q: 'VIET'})).toEqual(['Dan'])
  })

  it('asks for page, 10 a page, the trimmed search, the sort and which enrolments', () => {
    const state: ListState = {sorting: DEFAULT_SORTING, search: '  asha ', status: '', includePending: false, pageIndex: 2}
    expect(Object.fromEntries(listQuery(state))).toEqual({page: '3', pageSize: '10', sort: 'name', dir: 'asc', q: 'asha', status: 'received'})
    expect(Object.fromEntries(listQuery({...state, search: '', includePending: true, sorting: [{id: 'amount', desc: true}]}))).toEqual({
      page: '3',
      pageSize: '10',
      sort: 'amount',
      dir: 'desc',
      status: 'all',
    })
    expect(listQuery({...state, status: 'contacted'}).get('status')).toBe('contacted')
    // Pending hidden: one status among the payments received only.
    expect(listQuery({...state, status: 'cancelled'}).get('payment')).toBe('received')
    expect(listQuery({...state, status: 'cancelled', includePending: true}).get('payment')).toBeNull()
  })
})

describe('summary and texts', () => {
  it('counts revenue from paid enrolments only, per currency, and distinct programs', () => {
    const summary = summarize([
      record({name: 'a', amount: 3500, trainingProgramName: 'Cadetship Training'}),
      record({name: 'b', amount: 1150.5, trainingProgramName: 'STCW Courses'}),
      record({name: 'c', amount: 900, status: 'pending', paidAt: null, paymentId: null, trainingProgramName: 'Offshore'}),
      record({name: 'd', amount: 4000, currency: 'inr', trainingProgramName: 'STCW Courses'}),
    ])
    expect(summary).toEqual({total: 4, revenue: {USD: 4650.5, INR: 4000}, programs: 3, pending: 1, awaitingContact: 3})
  })

  it('Total Revenue is paid minus refunded: a partial refund lowers it, a failed one does not, a full one leaves the currency out', () => {
    const refund = (amount: number, status: 'pending' | 'processed' | 'failed', createdAt = '2025-02-01T10:00:00.000Z') => ({createdAt, amount, status})
    const rows = [
      record({name: 'a', amount: 450, status: 'partially-refunded', refunds: [refund(10000, 'processed'), refund(2550, 'pending')]}),
      record({name: 'b', amount: 2200, refunds: [refund(50000, 'failed')]}),
      record({name: 'c', amount: 0.1, currency: 'usd'}),
      record({name: 'd', amount: 0.2}),
      record({name: 'e', amount: 4000, currency: 'INR', status: 'refunded', refunds: [refund(400000, 'processed')]}),
      record({name: 'f', amount: 900, status: 'pending', paidAt: null, paymentId: null, refunds: [refund(1000, 'processed')]}),
    ]
    // 450 - 100 - 25.50 + 2200 + 0.30, exact in cents; INR refunded in full brings in nothing.
    expect(summarize(rows).revenue).toEqual({USD: 2524.8})
    // Without the partial refund the figure would be higher: the refund is what lowers it.
    expect(summarize(rows.map((row) => ({...row, refunds: undefined}))).revenue).toEqual({USD: 2650.3, INR: 4000})
  })

  it('Total Revenue counts a group order once: its 5 delegates are rows of amount 0', () => {
    const group = {bookingId: 'grp_AAAAAAAAAAAAAAAA'}
    const order = record({
      name: 'Priya Nair',
      orderId: 'order_invoice_AAAAAAAAAAAAAAAA',
      amount: 1800,
      company: 'Acme Ship Management',
      group: {...group, role: 'order', seats: 5},
    })
    const delegates = [1, 2, 3, 4, 5].map((slot) =>
      record({
        name: `Delegate ${slot}`,
        orderId: `order_invoice_AAAAAAAAAAAAAAAA_d0${slot}`,
        amount: 0,
        paymentId: null,
        company: 'Acme Ship Management',
        group: {...group, role: 'delegate'},
      }),
    )
    const single = record({name: 'Ana Santos', amount: 400})
    expect(summarize([order, ...delegates, single]).revenue).toEqual({USD: 2200})
    expect(summarize([order, ...delegates]).revenue).toEqual({USD: 1800})
    // The delegates alone bring in nothing: the order carries the payment.
    expect(summarize(delegates).revenue).toEqual({})
    expect([order, delegates[0]!, single].map(groupRoleText)).toEqual(['Group order · 5 seats', 'Delegate', null])
    // The roster: the delegates with their company, never the order; one candidate without a company.
    const batch = {id: 'batch-1', startDate: '2027-04-12', endDate: '2027-04-16', city: 'Mumbai', venue: null, country: 'India'}
    const roster = rosterOf(
      [order, ...delegates, single].map((row) => ({...row, batch})),
      'batch-1',
    )
    expect(roster.map((entry) => [entry.name, entry.company ?? null])).toEqual([
      ['Ana Santos', null],
      ...delegates.map((row) => [row.name, 'Acme Ship Management']),
    ])
  })

  it('formats money and the paging text', () => {
    expect(formatMoney(4650)).toBe('$4,650 USD')
    expect(formatMoney(12.5)).toBe('$12.50 USD')
    expect(showingText(0, 10, 23)).toBe('Showing 1 to 10 of 23 results')
    expect(showingText(2, 10, 23)).toBe('Showing 21 to 23 of 23 results')
    expect(showingText(0, 10, 0)).toBe('Showing 0 to 0 of 0 results')
  })
})

describe('follow-up statuses', () => {
  const paidAt = '2025-01-01T10:01:00.000Z'
  const rows = [
    record({name: 'Ana', status: 'paid', amount: 100}),
    record({name: 'Ben', status: 'contacted', amount: 200, country: 'Guyana'}),
    record({name: 'Cai', status: 'confirmed', amount: 300}),
    record({name: 'Dev', status: 'completed', amount: 400, country: 'Guyana'}),
    record({name: 'Eve', status: 'cancelled', amount: 500, paidAt}),
    record({name: 'Fay', status: 'cancelled', amount: 600, paidAt: null, paymentId: null}),
    record({name: 'Gus', status: 'refunded', amount: 700, refunds: [{createdAt: '2025-01-02T10:00:00.000Z', amount: 70000, status: 'processed'}]}),
    record({name: 'Hal', status: 'partially-refunded', amount: 800, refunds: [{createdAt: '2025-01-02T10:00:00.000Z', amount: 12550, status: 'pending'}]}),
    record({name: 'Ida', status: 'pending', amount: 900, paidAt: null, paymentId: null}),
    record({name: 'Jon', status: 'paid', amount: 1000}),
  ]

  it('revenue counts every payment received minus its refunds; pending counts pending only; awaiting contact counts paid', () => {
    // Gus refunded in full brings in 0; Hal 800 minus a pending 125.50; Fay and Ida were never paid.
    expect(summarize(rows)).toEqual({
      total: 10,
      revenue: {USD: 100 + 200 + 300 + 400 + 500 + (800 - 125.5) + 1000},
      programs: 1,
      pending: 1,
      awaitingContact: 2,
    })
    expect(summarize([]).awaitingContact).toBe(0)
  })

  const filtered = (status: string, q = '', sort: EnrolmentSort = 'name', dir: 'asc' | 'desc' = 'asc') => listed(rows, {status, q, sort, dir})

  it('filters by one status, combined with the search; all statuses when empty', () => {
    expect(filtered('')).toHaveLength(10)
    expect(filtered('paid')).toEqual(['Ana', 'Jon'])
    expect(filtered('cancelled')).toEqual(['Eve', 'Fay'])
    expect(filtered('completed', 'guyana')).toEqual(['Dev'])
    expect(filtered('confirmed', 'guyana')).toEqual([])
    expect(filtered('', 'guyana')).toEqual(['Ben', 'Dev'])
  })

  it("sorts the status column in the order of an enrolment's life", () => {
    expect(filtered('', '', 'status')).toEqual(['Ida', 'Ana', 'Jon', 'Ben', 'Cai', 'Dev', 'Eve', 'Fay', 'Gus', 'Hal'])
    expect(filtered('', '', 'status', 'desc').slice(0, 2)).toEqual(['Hal', 'Gus'])
  })
})

describe('CSV', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('Pillai, Asha')).toBe('"Pillai, Asha"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(42.5)).toBe('42.5')
    expect(buildCsv(['a', 'b'], [['1', 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n')
  })

  it('neutralises cells that a spreadsheet would read as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`)
    expect(csvCell('+91 98470')).toBe("'+91 98470")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tcmd')).toBe("'\tcmd")
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`)
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell('a=b')).toBe('a=b')
  })

  it('exports the records in the given order with the header row', () => {
    const csv = enrolmentsCsv([record({name: '=cmd|calc', amount: 300, mobile: '98470'})])
    const [header, row] = csv.split('\r\n')
    expect(header).toBe(CSV_HEADER.join(','))
    expect(row!.startsWith("'=cmd|calc,someone@example.com,98470,STCW Courses,Basic STCW,,,,,,300,USD,paid,")).toBe(true)
  })

  it('exports the batch (dates, city, venue), its id and the flags', () => {
    const batch = {id: 'batch-1', startDate: '2027-01-12', endDate: '2027-01-16', city: 'Mumbai', venue: 'Andheri "B"', country: 'India'}
    const csv = enrolmentsCsv([record({name: 'Ana', batch, overCapacity: true, batchCancelled: true}), record({name: 'Ben'})])
    const [, ana, ben] = csv.split('\r\n')
    expect(ana).toContain('Basic STCW,"12–16 Jan 2027 · Mumbai · Andheri ""B""",batch-1,yes,yes,,100,')
    expect(ben).toContain('Basic STCW,,,,,,100,')
  })

  it('names the file enrolments-YYYY-MM-DD.csv (UTC day)', () => {
    expect(csvFileName(new Date(Date.UTC(2025, 0, 7, 12)))).toBe('enrolments-2025-01-07.csv')
  })
})
