/**
 * Staff's companies (docs/requirements.md#req-group-bookings): listCompanies groups the group
 * bookings by company (name in any case, and country), companies by name, bookings newest first,
 * with each booking's seats, named / unnamed, status and the order's payment facts, and lists the
 * overdue ones; GET /api/admin/companies answers it to finance and registrars only, and only
 * finance may record a payment or cancel a booking. Bookings and orders are written through the
 * services into in-memory Blobs; the clock is fixed.
 */
import {describe, expect, it} from 'vitest'
import companiesFn from '#netlify/functions/admin-companies'
import paymentFn from '#netlify/functions/admin-group-booking-payment'
import cancelFn from '#netlify/functions/admin-group-booking-cancel'
import {CompaniesResponseSchema, type Company} from '#schemas/contracts/group-bookings'
import {NO_ACCESS} from '#schemas/rules/staff-roles'
import {adminGroupBooking, listCompanies} from '#netlify/services/group-bookings/admin'
import {createGroupBookingRecord, newGroupBookingId, type GroupBooking} from '#netlify/services/group-bookings/store'
import {createPending, getEnrolment, markPaid, recordReceiptNumber} from '#netlify/services/enrolments/enrolments'
import {queryAudit} from '#netlify/services/audit/audit'
import {AdminGroupBookingSchema} from '#schemas/contracts/group-bookings'
import {callAs, getRequest, useAdminEnv} from './admin-fixtures'
import {newEnrolment} from './enrolment-fixtures'
import {jsonRequest, paymentId, usePaymentsTestEnvironment} from './payments-fixtures'
import {staffMember} from './staff-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

/** The provider's day is Asia/Dubai: 10:00 UTC on 10 March 2027 is the 10th there. */
const NOW = new Date('2027-03-10T10:00:00.000Z')
const BATCH = {id: 'batch-companies-1', startDate: '2027-04-12', endDate: '2027-04-16', city: 'Mumbai', venue: 'Harbour campus', country: 'India'}

const company = (overrides: Partial<Company> = {}): Company => ({
  name: 'Acme Ship Management',
  contactName: 'Priya Nair',
  email: 'crewing@acme.example',
  phone: '+91 98200 12345',
  address: '1 Marine Drive, Mumbai',
  country: 'IN',
  ...overrides,
})

let bookingCount = 0
/**
 * A group booking of `seats` at $400 a seat (10 % off from 5 seats) and its pending order, stored
 * through the services; `paid` marks the order paid (with a receipt number), `delegates` names that many seats.
 */
async function book(options: {
  company?: Partial<Company>
  seats?: number
  payBy?: 'card' | 'invoice'
  dueDate?: string
  createdAt: string
  paid?: boolean
  delegates?: number
  closed?: GroupBooking['closed']
}): Promise<GroupBooking> {
  bookingCount++
  const seats = options.seats ?? 5
  const subtotalMinor = 40_000 * seats
  const discountPercent = seats >= 5 ? 10 : 0
  const totalMinor = Math.round(subtotalMinor * (1 - discountPercent / 100))
  const payBy = options.payBy ?? 'invoice'
  const bookingId = newGroupBookingId()
  const theCompany = company(options.company)
  const order = await createPending(
    newEnrolment('grpadm', {
      name: theCompany.contactName,
      email: theCompany.email,
      amount: totalMinor / 100,
      amountMinor: totalMinor,
      groupOrder: {
        bookingId,
        company: theCompany.name,
        seats,
        unitMinor: 40_000,
        subtotalMinor,
        discountPercent,
        discountMinor: subtotalMinor - totalMinor,
        payBy,
        ...(payBy === 'invoice' ? {proformaNumber: `PF-2027-${String(bookingCount).padStart(5, '0')}`} : {}),
      },
    }),
    new Date(options.createdAt),
  )
  const booking: GroupBooking = {
    bookingId,
    key: order.confirmationKey!,
    orderId: order.orderId,
    batch: BATCH,
    trainingProgram: order.trainingProgram,
    course: order.course,
    courseName: order.courseName,
    company: theCompany,
    currency: 'USD',
    quote: {seats, unitMinor: 40_000, subtotalMinor, discountPercent, discountMinor: subtotalMinor - totalMinor, totalMinor},
    payBy,
    ...(payBy === 'invoice' ? {proformaNumber: `PF-2027-${String(bookingCount).padStart(5, '0')}`, dueDate: options.dueDate ?? '2027-03-15'} : {}),
    ...(options.closed ? {closed: options.closed} : {}),
    delegates: Array.from({length: options.delegates ?? 0}, (_, index) => ({
      slot: index + 1,
      orderId: `${order.orderId}_d${String(index + 1).padStart(2, '0')}`,
      name: `Delegate ${index + 1}`,
      email: `delegate${bookingCount}.${index + 1}@example.com`,
      dateOfBirth: '1995-05-01',
      nationality: 'Indian',
      version: 1,
      namedAt: options.createdAt,
      updatedAt: options.createdAt,
    })),
    createdAt: options.createdAt,
    updatedAt: options.createdAt,
  }
  await createGroupBookingRecord(booking)
  if (options.paid) {
    await markPaid(order.orderId, paymentId('pay_bank'), 'bank-transfer', {now: () => new Date('2027-03-05T09:00:00.000Z')})
    await recordReceiptNumber(order.orderId, `MTC-2027-${String(bookingCount).padStart(5, '0')}`)
  }
  return booking
}

describe('adminGroupBooking', () => {
  it('shows seats, named and unnamed, the total, the pro-forma and, once paid, when and the receipt', async () => {
    const booking = await book({seats: 6, delegates: 2, createdAt: '2027-03-01T08:00:00.000Z', paid: true})
    const order = await getEnrolment(booking.orderId)
    expect(adminGroupBooking(booking, order, NOW)).toEqual({
      bookingId: booking.bookingId,
      orderId: booking.orderId,
      company: {
        name: 'Acme Ship Management',
        contactName: 'Priya Nair',
        email: 'crewing@acme.example',
        phone: '+91 98200 12345',
        country: 'IN',
        taxId: null,
        poNumber: null,
      },
      courseName: 'Pre-Sea Foundation',
      batch: {id: BATCH.id, startDate: '2027-04-12', endDate: '2027-04-16', city: 'Mumbai'},
      seats: 6,
      named: 2,
      unnamed: 4,
      currency: 'USD',
      totalMinor: 216_000,
      payBy: 'invoice',
      status: 'paid',
      proformaNumber: booking.proformaNumber,
      dueDate: '2027-03-15',
      receiptNumber: order!.receiptNumber,
      createdAt: '2027-03-01T08:00:00.000Z',
      paidAt: '2027-03-05T09:00:00.000Z',
    })
    expect(order!.receiptNumber).toMatch(/^MTC-2027-/)
  })

  it('without its order: nothing paid, no receipt; an unpaid invoice past its due day is overdue', async () => {
    const booking = await book({dueDate: '2027-03-09', createdAt: '2027-03-02T08:00:00.000Z'})
    expect(adminGroupBooking(booking, null, NOW)).toMatchObject({status: 'overdue', paidAt: null, receiptNumber: null, named: 0, unnamed: 5})
    expect(adminGroupBooking(booking, null, new Date('2027-03-09T10:00:00.000Z')).status).toBe('awaiting-payment')
  })
})

describe('listCompanies', () => {
  it('groups by company (any case, same country), companies by name, bookings newest first, and lists the overdue', async () => {
    const older = await book({company: {name: 'Blue Anchor Crewing'}, createdAt: '2027-02-01T08:00:00.000Z', paid: true, delegates: 5})
    const newer = await book({company: {name: '  blue anchor   crewing '}, payBy: 'card', seats: 3, createdAt: '2027-03-10T09:50:00.000Z'})
    const overdue = await book({company: {name: 'Blue Anchor Crewing'}, dueDate: '2027-03-08', createdAt: '2027-02-20T08:00:00.000Z'})
    const uae = await book({company: {name: 'Blue Anchor Crewing', country: 'AE'}, createdAt: '2027-02-25T08:00:00.000Z'})
    const cancelled = await book({
      company: {name: 'Zenith Tankers', country: 'SG'},
      dueDate: '2027-03-01',
      createdAt: '2027-02-10T08:00:00.000Z',
      closed: {reason: 'cancelled', at: '2027-02-11T08:00:00.000Z', by: 'finance'},
    })
    const alpha = await book({company: {name: 'Alpha Marine', country: 'GR'}, dueDate: '2027-03-05', createdAt: '2027-02-15T08:00:00.000Z'})

    const answer = CompaniesResponseSchema.parse(await listCompanies({now: NOW}))
    const mine = new Set([older, newer, overdue, uae, cancelled, alpha].map((b) => b.bookingId))
    const companies = answer.companies
      .map((c) => ({...c, bookings: c.bookings.filter((b) => mine.has(b.bookingId))}))
      .filter((c) => c.bookings.length > 0)
      .map((c) => ({name: c.name, country: c.country, bookings: c.bookings.map((b) => b.bookingId)}))
    expect(companies).toEqual([
      {name: 'Alpha Marine', country: 'GR', bookings: [alpha.bookingId]},
      {name: 'Blue Anchor Crewing', country: 'AE', bookings: [uae.bookingId]},
      {name: 'blue anchor crewing', country: 'IN', bookings: [newer.bookingId, overdue.bookingId, older.bookingId]},
      {name: 'Zenith Tankers', country: 'SG', bookings: [cancelled.bookingId]},
    ])
    const statuses = Object.fromEntries(answer.companies.flatMap((c) => c.bookings).map((b) => [b.bookingId, b.status]))
    expect([older, newer, overdue, uae, cancelled, alpha].map((b) => statuses[b.bookingId])).toEqual([
      'paid',
      'awaiting-payment',
      'overdue',
      'awaiting-payment',
      'cancelled',
      'overdue',
    ])
    // Overdue: unpaid invoices past their due day, soonest due first; never a closed one. (A card
    // booking within its 30-minute checkout is awaiting payment.)
    expect(answer.overdue.filter((b) => mine.has(b.bookingId)).map((b) => b.bookingId)).toEqual([alpha.bookingId, overdue.bookingId])
    const paid = answer.companies.flatMap((c) => c.bookings).find((b) => b.bookingId === older.bookingId)!
    expect(paid).toMatchObject({named: 5, unnamed: 0, paidAt: '2027-03-05T09:00:00.000Z', receiptNumber: expect.stringMatching(/^MTC-2027-/)})
  })
})

describe('the edges: who may read companies and change a booking', () => {
  const body = {amount: 180_000, date: '2027-03-09', reference: 'UTR123456789'}

  it('GET /api/admin/companies: 401 without a token, 200 to finance and registrars, 403 to a counsellor', async () => {
    await book({createdAt: '2027-03-04T08:00:00.000Z'})
    expect((await callAs(companiesFn, getRequest('/api/admin/companies'))).status).toBe(401)
    for (const role of ['finance', 'registrar', 'owner'] as const) {
      const {token} = await staffMember(role)
      const answer = await callAs(companiesFn, getRequest('/api/admin/companies', token))
      expect(answer.status, role).toBe(200)
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(CompaniesResponseSchema.parse(answer.body).companies.length).toBeGreaterThan(0)
    }
    const {token} = await staffMember('counsellor')
    expect(await callAs(companiesFn, getRequest('/api/admin/companies', token))).toMatchObject({status: 403, body: {error: NO_ACCESS}})
  })

  it('payment received and cancel: 403 to a registrar (who may read companies) and a counsellor; nothing changes', async () => {
    const booking = await book({createdAt: '2027-03-04T09:00:00.000Z'})
    const params = {bookingId: booking.bookingId}
    for (const role of ['registrar', 'counsellor'] as const) {
      const {token} = await staffMember(role)
      const headers = {authorization: `Bearer ${token}`}
      const paying = await callAs(paymentFn, jsonRequest(`/api/admin/group-bookings/${booking.bookingId}/payment-received`, body, headers), {params})
      expect([paying.status, paying.body], role).toEqual([403, {error: NO_ACCESS}])
      const cancelling = await callAs(cancelFn, jsonRequest(`/api/admin/group-bookings/${booking.bookingId}/cancel`, {}, headers), {params})
      expect([cancelling.status, cancelling.body], role).toEqual([403, {error: NO_ACCESS}])
    }
    expect((await getEnrolment(booking.orderId))?.status).toBe('pending')
  })

  it('finance records the payment received: the booking is paid with a receipt, audited; a second time is 409', async () => {
    const booking = await book({createdAt: '2027-03-04T11:00:00.000Z'})
    const {token, record: person} = await staffMember('finance', {name: 'Farah Finance'})
    const headers = {authorization: `Bearer ${token}`}
    const path = `/api/admin/group-bookings/${booking.bookingId}/payment-received`
    const today = new Date().toISOString().slice(0, 10)
    const paying = {amount: booking.quote.totalMinor, date: today, reference: ' UTR555000111 '}
    const answer = await callAs(paymentFn, jsonRequest(path, paying, headers), {params: {bookingId: booking.bookingId}})
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(AdminGroupBookingSchema.parse(answer.body)).toMatchObject({bookingId: booking.bookingId, status: 'paid', receiptNumber: expect.any(String)})
    expect((await getEnrolment(booking.orderId))?.paidVia).toBe('bank-transfer')
    const audit = await queryAudit({action: 'group-booking-payment', target: `group-booking:${booking.bookingId}`})
    expect(audit.rows).toHaveLength(1)
    expect(audit.rows[0]).toMatchObject({
      actor: {type: 'staff', id: person.id},
      summary: {amount: booking.quote.totalMinor, date: today, reference: 'UTR555000111', orderId: booking.orderId},
    })

    const again = await callAs(paymentFn, jsonRequest(path, paying, headers), {params: {bookingId: booking.bookingId}})
    expect(again).toMatchObject({status: 409, body: {error: 'This pro-forma is already marked paid'}})
    expect((await queryAudit({action: 'group-booking-payment', target: `group-booking:${booking.bookingId}`})).rows).toHaveLength(1)
  })

  it('finance cancels a booking: cancelled, audited with the reason; a payment for it is then 409', async () => {
    const booking = await book({createdAt: '2027-03-04T12:00:00.000Z'})
    const {token} = await staffMember('finance')
    const headers = {authorization: `Bearer ${token}`}
    const params = {bookingId: booking.bookingId}
    const answer = await callAs(cancelFn, jsonRequest(`/api/admin/group-bookings/${booking.bookingId}/cancel`, {reason: 'Crew change'}, headers), {params})
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(AdminGroupBookingSchema.parse(answer.body).status).toBe('cancelled')
    const audit = await queryAudit({action: 'group-booking-cancel', target: `group-booking:${booking.bookingId}`})
    expect(audit.rows.map((row) => row.summary)).toEqual([{orderId: booking.orderId, reason: 'Crew change'}])
    const today = new Date().toISOString().slice(0, 10)
    const paying = await callAs(
      paymentFn,
      jsonRequest(
        `/api/admin/group-bookings/${booking.bookingId}/payment-received`,
        {amount: booking.quote.totalMinor, date: today, reference: 'UTR1'},
        headers,
      ),
      {params},
    )
    expect(paying).toMatchObject({status: 409, body: {error: 'This booking was cancelled: no payment can be recorded'}})
    const twice = await callAs(cancelFn, jsonRequest(`/api/admin/group-bookings/${booking.bookingId}/cancel`, {}, headers), {params})
    expect(twice.status).toBe(409)
  })

  it('finance: 404 for a malformed or unknown booking id, 415 for a body that is not JSON', async () => {
    const {token} = await staffMember('finance')
    const headers = {authorization: `Bearer ${token}`}
    const valid = {...body, date: new Date().toISOString().slice(0, 10)}
    for (const bookingId of ['not-a-booking', 'grp_Unknown000000000']) {
      const answer = await callAs(paymentFn, jsonRequest(`/api/admin/group-bookings/${bookingId}/payment-received`, valid, headers), {params: {bookingId}})
      expect(answer.status, bookingId).toBe(404)
    }
    const booking = await book({createdAt: '2027-03-04T10:00:00.000Z'})
    const notJson = new Request(`http://localhost/api/admin/group-bookings/${booking.bookingId}/cancel`, {
      method: 'POST',
      headers: {...headers, 'content-type': 'text/plain'},
      body: '{}',
    })
    expect((await callAs(cancelFn, notJson, {params: {bookingId: booking.bookingId}})).status).toBe(415)
  })
})
