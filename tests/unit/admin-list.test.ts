/**
 * The administrator list's rules (docs/requirements.md#req-validation-admin-search): search fields
 * and case, numeric amount sort, toggling, page reset on search/sort, summary (paid-only
 * revenue, minus refunds), and the CSV export's quoting and formula neutralisation.
 */
import {createTable, functionalUpdate, type SortingState, type Table, type TableOptionsResolved} from '@tanstack/react-table'
import {describe, expect, it} from 'vitest'
import {
  countAwaitingContact,
  CSV_HEADER,
  csvFileName,
  DEFAULT_SORTING,
  enrolmentsCsv,
  matchesSearch,
  PAGE_SIZE,
  showingText,
  summarize,
  tableOptions,
  type TableState,
} from '~/components/admin/enrolments'
import type {EnrolmentSummary} from '#schemas/contracts/admin'
import {buildCsv, csvCell} from '#schemas/rules/csv'
import {formatMoney} from '#schemas/rules/format'

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

/** A headless table with the page's options and a mutable state, as the React page keeps it. */
function headlessTable(data: EnrolmentSummary[]) {
  let state: TableState = {sorting: DEFAULT_SORTING, globalFilter: '', pageIndex: 0}
  let table: Table<EnrolmentSummary>
  const rebuild = () => {
    const options = tableOptions(data, state, {
      onSortingChange: (updater) => {
        state = {...state, sorting: functionalUpdate(updater, state.sorting) as SortingState, pageIndex: 0}
        rebuild()
      },
      onGlobalFilterChange: (updater) => {
        state = {...state, globalFilter: String(functionalUpdate(updater, state.globalFilter) ?? ''), pageIndex: 0}
        rebuild()
      },
      onPaginationChange: (updater) => {
        state = {...state, pageIndex: functionalUpdate(updater, {pageIndex: state.pageIndex, pageSize: PAGE_SIZE}).pageIndex}
        rebuild()
      },
    })
    const resolved = {...options, onStateChange: () => {}, renderFallbackValue: null} as TableOptionsResolved<EnrolmentSummary>
    if (!table) table = createTable(resolved)
    else table.setOptions((previous) => ({...previous, ...resolved}))
  }
  rebuild()
  return {
    get table() {
      return table
    },
    get state() {
      return state
    },
    names: () => table.getRowModel().rows.map((row) => row.original.name),
    all: () => table.getPrePaginationRowModel().rows.map((row) => row.original.name),
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

describe('the table (sorting, filtering, paging through @tanstack/react-table)', () => {
  const data = [
    record({name: 'carol', amount: 900}),
    record({name: 'Bob', amount: 1000}),
    record({name: 'alice', amount: 50}),
    record({name: 'Dan', amount: 300, country: 'Vietnam'}),
  ]

  it('sorts by name ascending by default, case-insensitively', () => {
    expect(headlessTable(data).names()).toEqual(['alice', 'Bob', 'carol', 'Dan'])
  })

  it('sorts amounts as numbers, a new column ascending first, then toggles', () => {
    const t = headlessTable(data)
    t.table.getColumn('amount')!.toggleSorting()
    expect(t.state.sorting).toEqual([{id: 'amount', desc: false}])
    expect(t.names()).toEqual(['alice', 'Dan', 'carol', 'Bob']) // 50, 300, 900, 1000 (not '1000' < '300')
    t.table.getColumn('amount')!.getToggleSortingHandler()!({})
    expect(t.names()).toEqual(['Bob', 'carol', 'Dan', 'alice'])
    t.table.getColumn('amount')!.getToggleSortingHandler()!({})
    expect(t.names()).toEqual(['alice', 'Dan', 'carol', 'Bob'])
    t.table.getColumn('name')!.getToggleSortingHandler()!({})
    expect(t.state.sorting).toEqual([{id: 'name', desc: false}])
  })

  it('pages by 10 and resets to page 1 on search and on sort', () => {
    const many = Array.from({length: 23}, (_, index) => record({name: `Cadet ${String(index + 1).padStart(2, '0')}`, amount: index}))
    const t = headlessTable(many)
    expect(t.names()).toHaveLength(10)
    expect(t.table.getPageCount()).toBe(3)
    t.table.nextPage()
    expect(t.state.pageIndex).toBe(1)
    expect(t.names()[0]).toBe('Cadet 11')
    t.table.setGlobalFilter('cadet 2')
    expect(t.state.pageIndex).toBe(0)
    expect(t.all()).toEqual(['Cadet 20', 'Cadet 21', 'Cadet 22', 'Cadet 23'])
    t.table.setGlobalFilter('')
    t.table.setPageIndex(2)
    t.table.getColumn('amount')!.toggleSorting()
    expect(t.state.pageIndex).toBe(0)
  })

  it('filters through the same search rule', () => {
    const t = headlessTable(data)
    t.table.setGlobalFilter('VIET')
    expect(t.all()).toEqual(['Dan'])
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
    expect(summary).toEqual({total: 4, revenue: {USD: 4650.5, INR: 4000}, programs: 3, pending: 1})
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
    expect(summarize(rows)).toEqual({total: 10, revenue: {USD: 100 + 200 + 300 + 400 + 500 + (800 - 125.5) + 1000}, programs: 1, pending: 1})
    expect(countAwaitingContact(rows)).toBe(2)
    expect(countAwaitingContact([])).toBe(0)
  })

  function filtered(statusFilter: TableState['statusFilter'], globalFilter = '', sorting: SortingState = DEFAULT_SORTING) {
    const options = tableOptions(rows, {sorting, globalFilter, pageIndex: 0, statusFilter}, {})
    const table = createTable({...options, onStateChange: () => {}, renderFallbackValue: null} as TableOptionsResolved<EnrolmentSummary>)
    return table.getPrePaginationRowModel().rows.map((row) => row.original.name)
  }

  it('filters by one status, combined with the search; all statuses when empty', () => {
    expect(filtered('')).toHaveLength(10)
    expect(filtered(undefined)).toHaveLength(10)
    expect(filtered('paid')).toEqual(['Ana', 'Jon'])
    expect(filtered('cancelled')).toEqual(['Eve', 'Fay'])
    expect(filtered('completed', 'guyana')).toEqual(['Dev'])
    expect(filtered('confirmed', 'guyana')).toEqual([])
    expect(filtered('', 'guyana')).toEqual(['Ben', 'Dev'])
  })

  it("sorts the status column in the order of an enrolment's life", () => {
    expect(filtered('', '', [{id: 'status', desc: false}])).toEqual(['Ida', 'Ana', 'Jon', 'Ben', 'Cai', 'Dev', 'Eve', 'Fay', 'Gus', 'Hal'])
    expect(filtered('', '', [{id: 'status', desc: true}]).slice(0, 2)).toEqual(['Hal', 'Gus'])
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

  it('names the file enrolments-YYYY-MM-DD.csv', () => {
    expect(csvFileName(new Date(2025, 0, 7, 12))).toBe('enrolments-2025-01-07.csv')
  })
})
