// @vitest-environment jsdom
/**
 * The companies page (~/components/admin/CompaniesDashboard, docs/requirements.md#req-group-bookings)
 * rendered in a DOM with fetch answered per request: "Overdue" first, then each company with its
 * bookings (seats, named / unnamed, amount, status, pro-forma and due date, receipt); "Mark payment
 * received" only for an invoice that is due or overdue, "Cancel booking" only while not closed;
 * the payment form checks the amount and sends it in minor units, a refusal is shown in the dialog
 * and keeps what was typed, success puts the paid booking in place; cancel asks first. And the
 * words and checks of ./companies.ts.
 */
import {createElement} from 'react'
import {afterEach, beforeAll, describe, expect, it, vi} from 'vitest'
import type {AdminGroupBooking, CompaniesResponse} from '#schemas/contracts/group-bookings'
import {CompaniesDashboard} from '~/components/admin/CompaniesDashboard'
import {canCancel, cancelText, canRecordPayment, checkPaymentForm, COMPANIES_MESSAGES, withBooking} from '~/components/admin/companies'
import {buttonIn, click, emulateDialogs, fieldIn, routeFetch, setValue, usePageMount, waitFor} from '../helpers/dom-page'

beforeAll(() => emulateDialogs())
afterEach(() => vi.useRealTimers())

const page = usePageMount()
let container: HTMLElement

const booking = (overrides: Partial<AdminGroupBooking> = {}): AdminGroupBooking => ({
  bookingId: 'grp_AAAAAAAAAAAAAAAA',
  orderId: 'order_invoice_AAAAAAAAAAAAAAAA',
  company: {
    name: 'Acme Ship Management',
    contactName: 'Priya Nair',
    email: 'crewing@acme.example',
    phone: '+91 98200 12345',
    country: 'IN',
    taxId: null,
    poNumber: 'PO-77',
  },
  courseName: 'Basic Offshore Safety Induction',
  batch: {id: 'batch-1', startDate: '2027-04-12', endDate: '2027-04-16', city: 'Mumbai'},
  seats: 6,
  named: 2,
  unnamed: 4,
  currency: 'USD',
  totalMinor: 216_000,
  payBy: 'invoice',
  status: 'awaiting-payment',
  proformaNumber: 'PF-2027-00001',
  dueDate: '2027-03-15',
  receiptNumber: null,
  createdAt: '2027-03-01T08:00:00.000Z',
  paidAt: null,
  ...overrides,
})

const DUE = booking()
const OVERDUE = booking({
  bookingId: 'grp_BBBBBBBBBBBBBBBB',
  company: {...DUE.company, name: 'Blue Anchor Crewing', country: 'GR'},
  status: 'overdue',
  proformaNumber: 'PF-2027-00002',
  dueDate: '2027-03-01',
  createdAt: '2027-02-20T08:00:00.000Z',
})
const PAID_CARD = booking({
  bookingId: 'grp_CCCCCCCCCCCCCCCC',
  payBy: 'card',
  status: 'paid',
  proformaNumber: null,
  dueDate: null,
  receiptNumber: 'MTC-2027-00042',
  paidAt: '2027-02-10T09:00:00.000Z',
  createdAt: '2027-02-10T08:00:00.000Z',
  named: 6,
  unnamed: 0,
  seats: 6,
})
const CANCELLED = booking({bookingId: 'grp_DDDDDDDDDDDDDDDD', status: 'cancelled', createdAt: '2027-01-10T08:00:00.000Z'})

const ANSWER: CompaniesResponse = {
  companies: [
    {name: 'Acme Ship Management', country: 'IN', bookings: [DUE, PAID_CARD, CANCELLED]},
    {name: 'Blue Anchor Crewing', country: 'GR', bookings: [OVERDUE]},
  ],
  overdue: [OVERDUE],
}

async function render(onUnauthorized = vi.fn()) {
  container = await page.mount(createElement(CompaniesDashboard, {token: 't0ken', onUnauthorized}))
  return onUnauthorized
}
const text = () => container.textContent ?? ''
/** The table of the section headed `heading` (the cards are the same bookings for phones). */
const tableUnder = (heading: string) => {
  const h2 = [...container.querySelectorAll('h2')].find((h) => h.textContent === heading)!
  return h2.closest('section')!.querySelector('table')!
}
const rowsOf = (table: HTMLTableElement) =>
  [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim()))
const rowOf = (bookingId: string, scope: ParentNode = container) => scope.querySelector<HTMLElement>(`tr[data-booking-id="${bookingId}"]`)!

describe('CompaniesDashboard', () => {
  it('shows Overdue first, then each company with its bookings, and the actions that apply', async () => {
    const calls = routeFetch(() => Response.json(ANSWER))
    await render()
    await waitFor(() => expect(text()).toContain('Acme Ship Management'))
    expect(calls[0]).toMatchObject({url: '/api/admin/companies', method: 'GET', headers: {Authorization: 'Bearer t0ken'}})
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Overdue', 'Acme Ship Management', 'Blue Anchor Crewing'])
    expect(text()).toContain('India · Priya Nair · crewing@acme.example · +91 98200 12345')
    expect(text()).toContain('Greece')
    expect([...tableUnder('Acme Ship Management').querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Course and batch',
      'Seats',
      'Named / unnamed',
      'Amount',
      'Status',
      'Pro-forma',
      'Receipt',
      'Actions',
    ])
    const rows = rowsOf(tableUnder('Acme Ship Management'))
    expect(rows.map((row) => row.slice(0, 7))).toEqual([
      [
        'Basic Offshore Safety Induction12–16 Apr 2027 · Mumbai',
        '6',
        '2 named · 4 unnamed',
        '$2,160 USD',
        'Payment due',
        'PF-2027-00001Due 15 March 2027',
        '—',
      ],
      [
        'Basic Offshore Safety Induction12–16 Apr 2027 · Mumbai',
        '6',
        '6 named · 0 unnamed',
        '$2,160 USD',
        expect.stringMatching(/^PaidPaid 10 Feb 2027$/),
        '—',
        'MTC-2027-00042',
      ],
      ['Basic Offshore Safety Induction12–16 Apr 2027 · Mumbai', '6', '2 named · 4 unnamed', '$2,160 USD', 'Cancelled', 'PF-2027-00001Due 15 March 2027', '—'],
    ])
    const overdueRows = rowsOf(tableUnder('Overdue'))
    expect(overdueRows[0]![0]).toBe('Blue Anchor CrewingBasic Offshore Safety Induction12–16 Apr 2027 · Mumbai')
    expect(overdueRows[0]![4]).toBe('Overdue')

    const actionsOf = (row: HTMLElement) => [...row.querySelectorAll('button')].map((b) => b.textContent)
    const acme = tableUnder('Acme Ship Management')
    expect(actionsOf(rowOf(DUE.bookingId, acme))).toEqual([
      'Mark payment received of Acme Ship Management, Basic Offshore Safety Induction 12–16 Apr 2027 · Mumbai',
      'Cancel booking of Acme Ship Management, Basic Offshore Safety Induction 12–16 Apr 2027 · Mumbai',
    ])
    expect(actionsOf(rowOf(PAID_CARD.bookingId, acme))).toEqual([expect.stringMatching(/^Cancel booking/)])
    expect(actionsOf(rowOf(CANCELLED.bookingId, acme))).toEqual([])
    // Phones get the same bookings as cards.
    expect(container.querySelectorAll('li[data-booking-id]')).toHaveLength(5)
    expect(container.querySelector('[role="region"]')?.getAttribute('tabindex')).toBe('0')
  })

  it('Mark payment received: checks the amount, sends minor units, shows a refusal in the dialog, then puts the paid booking in place', async () => {
    const paid = {...OVERDUE, status: 'paid' as const, paidAt: '2027-03-09T10:00:00.000Z', receiptNumber: 'MTC-2027-00050'}
    // The provider's day is what the form starts with and the latest it accepts: fixed (Date only, timers run).
    vi.useFakeTimers({toFake: ['Date'], now: new Date('2027-03-10T10:00:00.000Z')})
    let refuse = true
    const calls = routeFetch((url) => {
      if (url === '/api/admin/companies') return Response.json(ANSWER)
      if (refuse) {
        refuse = false
        return Response.json({error: 'This pro-forma has already been paid'}, {status: 409})
      }
      return Response.json(paid)
    })
    await render()
    await waitFor(() => expect(text()).toContain('Overdue'))
    await click(
      buttonIn(
        rowOf(OVERDUE.bookingId, tableUnder('Overdue')),
        `Mark payment received of Blue Anchor Crewing, Basic Offshore Safety Induction 12–16 Apr 2027 · Mumbai`,
      ),
    )
    const dialog = container.querySelector('dialog')!
    expect(dialog.open).toBe(true)
    expect(dialog.textContent).toContain('Mark payment received')
    const amount = fieldIn<HTMLInputElement>(dialog, 'Amount received (USD)')!
    expect(amount.value).toBe('2160')
    expect(fieldIn<HTMLInputElement>(dialog, 'Date received')!.value).toBe('2027-03-10')
    setValue(amount, '2,160')
    setValue(fieldIn<HTMLInputElement>(dialog, 'Bank reference')!, 'UTR998877')
    await click(buttonIn(dialog, 'Record payment'))
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe(COMPANIES_MESSAGES.amountFormat)
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    setValue(amount, '2160.50')
    setValue(fieldIn<HTMLInputElement>(dialog, 'Date received')!, '2027-03-01')
    await click(buttonIn(dialog, 'Record payment'))
    await waitFor(() => expect(dialog.querySelector('[role="alert"]')?.textContent).toBe('This pro-forma has already been paid'))
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/api/admin/group-bookings/${OVERDUE.bookingId}/payment-received`,
      headers: {Authorization: 'Bearer t0ken'},
      body: {amount: 216_050, date: '2027-03-01', reference: 'UTR998877'},
    })
    expect(fieldIn<HTMLInputElement>(dialog, 'Bank reference')!.value).toBe('UTR998877')

    await click(buttonIn(dialog, 'Record payment'))
    await waitFor(() => expect(container.querySelector('dialog')).toBeNull())
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Payment recorded for Blue Anchor Crewing: Paid.')
    expect([...container.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Acme Ship Management', 'Blue Anchor Crewing'])
    expect(rowsOf(tableUnder('Blue Anchor Crewing'))[0]!.slice(4, 7)).toEqual([
      expect.stringMatching(/^PaidPaid /),
      'PF-2027-00002Due 1 March 2027',
      'MTC-2027-00050',
    ])
  })

  it('Cancel booking asks first, says what happens to the seats and a card payment, then shows it cancelled', async () => {
    const calls = routeFetch((url) => (url === '/api/admin/companies' ? Response.json(ANSWER) : Response.json({...PAID_CARD, status: 'cancelled'})))
    await render()
    await waitFor(() => expect(text()).toContain('Acme Ship Management'))
    await click(
      buttonIn(
        rowOf(PAID_CARD.bookingId, tableUnder('Acme Ship Management')),
        `Cancel booking of Acme Ship Management, Basic Offshore Safety Induction 12–16 Apr 2027 · Mumbai`,
      ),
    )
    const dialog = container.querySelector('dialog')!
    expect(dialog.textContent).toContain('Cancel the booking of Acme Ship Management?')
    expect(dialog.textContent).toContain(
      'Its 6 seats are released for others to book, and the card payment of $2,160 USD is refunded in full. This cannot be undone.',
    )
    await click(buttonIn(dialog, 'Cancel'))
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await click(
      buttonIn(
        rowOf(PAID_CARD.bookingId, tableUnder('Acme Ship Management')),
        `Cancel booking of Acme Ship Management, Basic Offshore Safety Induction 12–16 Apr 2027 · Mumbai`,
      ),
    )
    await click(buttonIn(container.querySelector('dialog')!, 'Cancel booking'))
    await waitFor(() => expect(container.querySelector('[role="status"]')?.textContent).toBe('The booking of Acme Ship Management was cancelled: Cancelled.'))
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({url: `/api/admin/group-bookings/${PAID_CARD.bookingId}/cancel`, body: {}})
    expect(rowsOf(tableUnder('Acme Ship Management'))[1]![4]).toMatch(/^Cancelled/)
    expect(rowOf(PAID_CARD.bookingId, tableUnder('Acme Ship Management')).querySelectorAll('button')).toHaveLength(0)
  })

  it('no bookings: says so; a failure: the error panel; a 401 signs out', async () => {
    routeFetch(() => Response.json({companies: [], overdue: []}))
    await render()
    await waitFor(() => expect(text()).toContain(COMPANIES_MESSAGES.empty))
    page.unmount()

    routeFetch(() => Response.json({error: 'boom'}, {status: 500}))
    await render()
    await waitFor(() => expect(text()).toContain('Error loading companies'))
    expect(text()).toContain(COMPANIES_MESSAGES.loadFailed)
    page.unmount()

    routeFetch(() => Response.json({error: 'Invalid or expired token'}, {status: 401}))
    const onUnauthorized = await render()
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalled())
  })
})

describe('companies: rules and words', () => {
  it('payment received only for an invoice due or overdue; cancel until closed', () => {
    expect(canRecordPayment(DUE)).toBe(true)
    expect(canRecordPayment(OVERDUE)).toBe(true)
    expect(canRecordPayment({...DUE, payBy: 'card'})).toBe(false)
    expect(canRecordPayment(PAID_CARD)).toBe(false)
    expect(canRecordPayment({...DUE, status: 'released'})).toBe(false)
    expect(
      ['awaiting-payment', 'overdue', 'paid', 'released', 'cancelled'].map((status) => canCancel({status: status as AdminGroupBooking['status']})),
    ).toEqual([true, true, true, false, false])
  })

  it('the cancel question: a card payment received is refunded in full, a bank transfer is sent back by bank', () => {
    expect(cancelText(DUE)).toBe('Its 6 seats are released for others to book. This cannot be undone.')
    expect(cancelText({...PAID_CARD, seats: 1})).toBe(
      'Its 1 seat is released for others to book, and the card payment of $2,160 USD is refunded in full. This cannot be undone.',
    )
    expect(cancelText({...DUE, status: 'paid'})).toBe(
      'Its 6 seats are released for others to book; the bank transfer of $2,160 USD is not refunded here: send it back to the company by bank. This cannot be undone.',
    )
  })

  it('the payment form: major units in, minor units out, the API’s messages for the date and reference', () => {
    const today = '2027-03-10'
    expect(checkPaymentForm({amountText: '1800.5', date: '2027-03-10', reference: ' UTR1 '}, today)).toEqual({
      ok: true,
      request: {amount: 180_050, date: '2027-03-10', reference: 'UTR1'},
    })
    expect(checkPaymentForm({amountText: '0', date: today, reference: 'x'}, today)).toMatchObject({ok: false, field: 'amountText'})
    expect(checkPaymentForm({amountText: '10', date: '2027-03-11', reference: 'x'}, today)).toEqual({
      ok: false,
      field: 'date',
      message: 'The payment date cannot be in the future',
    })
    expect(checkPaymentForm({amountText: '10', date: today, reference: '  '}, today)).toEqual({
      ok: false,
      field: 'reference',
      message: 'Enter the bank reference',
    })
  })

  it('withBooking puts a changed booking in place and keeps the overdue list to overdue ones', () => {
    const after = withBooking(ANSWER, {...OVERDUE, status: 'paid'})
    expect(after.overdue).toEqual([])
    expect(after.companies[1]!.bookings[0]!.status).toBe('paid')
    expect(after.companies[0]!.bookings).toEqual(ANSWER.companies[0]!.bookings)
  })
})
