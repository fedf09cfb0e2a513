/**
 * Group bookings (docs/requirements.md#req-group-bookings) through the functions and services
 * with in-memory Blobs and the sandbox gateway, at a fixed clock (batches-fixtures.ts): the price
 * with discount tiers, the all-or-nothing hold raced 20 times, card payment → seats booked and a
 * receipt, invoice → pro-forma → release at the due date by the job, "Payment received" → receipt,
 * delegates by form and CSV becoming enrolments on the roster.
 */
import {describe, expect, it, vi} from 'vitest'
import createGroup from '#netlify/functions/group-bookings'
import save from '#netlify/functions/enrolment-save'
import seatHolds from '#netlify/functions/seat-holds'
import {readSeats} from '#netlify/services/seats/seats'
import {getEnrolment} from '#netlify/services/enrolments/enrolments'
import {getGroupBooking} from '#netlify/services/group-bookings/store'
import {findGroupBooking} from '#netlify/services/group-bookings/view'
import {importDelegatesCsv, saveDelegates} from '#netlify/services/group-bookings/delegates'
import {recordPaymentReceived} from '#netlify/services/group-bookings/payment'
import {cancelGroupBooking} from '#netlify/services/group-bookings/cancel'
import {batchDetailForStaff} from '#netlify/services/admin/batches'
import {listIndexedEnrolments} from '#netlify/services/enrolments/index-store'
import {getOutboxRecord} from '#netlify/services/mail/outbox'
import {joinWaitlist} from '#netlify/services/waitlist/waitlist'
import {accountOverview} from '#netlify/services/account/overview'
import {seatCounts} from '#schemas/rules/seats'
import {PROFORMA_NUMBER_PATTERN} from '#schemas/rules/group-booking'
import {BATCHES as SEAT_BATCHES, NOW, useSeatsTestEnvironment} from './batches-fixtures'
import {call, jsonRequest, paymentId, sign} from './payments-fixtures'

const PSF = 'course-pre-sea-training-psf'
const B = {
  card: {_id: 'test-group-card', course: PSF, startDate: '2027-01-12', seats: 12, venue: 'Training Centre, Andheri East'},
  short: {_id: 'test-group-short', course: PSF, startDate: '2027-01-19', seats: 3},
  invoice: {_id: 'test-group-invoice', course: PSF, startDate: '2027-02-02', seats: 10},
  soon: {_id: 'test-group-soon', course: PSF, startDate: '2026-12-10', seats: 10},
  ...Object.fromEntries(Array.from({length: 9}, (_, i) => [`names${i}`, {_id: `test-group-names-${i}`, course: PSF, startDate: '2027-02-09', seats: 10}])),
  cardPay: {_id: 'test-group-card-pay', course: PSF, startDate: '2027-01-12', seats: 12},
  tiers: {_id: 'test-group-tiers', course: PSF, startDate: '2027-01-12', seats: 12},
  invoiceLate: {_id: 'test-group-invoice-late', course: PSF, startDate: '2027-02-02', seats: 6},
  cancel: {_id: 'test-group-cancel', course: PSF, startDate: '2027-02-16', seats: 10},
  ...Object.fromEntries(Array.from({length: 20}, (_, i) => [`race${i}`, {_id: `test-group-race-${i}`, course: PSF, startDate: '2027-03-02', seats: 6}])),
} as Record<string, {_id: string; course: string; startDate: string; seats: number; venue?: string}>

useSeatsTestEnvironment([...Object.values(SEAT_BATCHES), ...Object.values(B)])

const company = (overrides: Record<string, unknown> = {}) => ({
  name: 'Oceanic Ship Management Pvt Ltd',
  contactName: 'Priya Menon',
  email: 'crewing@oceanic.example',
  phone: '+91 22 4000 1234',
  address: '5th floor, Marine Lines, Mumbai 400002',
  country: 'IN',
  taxId: '27AAPFU0939F1ZV',
  poNumber: 'PO-7781',
  ...overrides,
})
const booking = (batchId: string, overrides: Record<string, unknown> = {}) => ({
  batchId,
  seats: 5,
  company: company(),
  payBy: 'card',
  termsAccepted: true,
  ...overrides,
})
const book = (body: unknown) => call(createGroup, jsonRequest('/api/group-bookings', body))
const pay = (orderId: string, payment = paymentId()) =>
  call(save, jsonRequest('/api/enroll/save', {razorpay_order_id: orderId, razorpay_payment_id: payment, razorpay_signature: sign(orderId, payment)}))
const seatsOf = async (batchId: string) => (await readSeats([batchId])).get(batchId) ?? null
const runJob = () => call(seatHolds, new Request('http://localhost/.netlify/functions/seat-holds', {method: 'POST', body: '{"next_run":null}'}))
const FINANCE = {account: 'finance@example.com'}
const delegate = (i: number) => ({
  name: `Delegate Number ${'ABCDEFGHIJ'[i]}`,
  email: `delegate${i}@crew.example`,
  dateOfBirth: '1995-04-0' + ((i % 9) + 1),
  nationality: 'Indian',
})

/** A paid card booking of `seats` seats on `batchId`: its answer and booking. */
async function paidCardBooking(batchId: string, seats = 5) {
  const created = await book(booking(batchId, {seats}))
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const saved = await pay(created.body.id)
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  return {...created.body, saved: saved.body}
}

describe('booking a group', () => {
  it('prices 5 seats of a $50 course with the 5+ tier: $237.50, holds all 5 seats for 30 minutes in one entry', async () => {
    const {status, body} = await book(booking(B.card!._id))
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({amount: 23750, currency: 'USD', mode: 'sandbox', bookingId: expect.stringMatching(/^grp_/), key: expect.any(String)})
    const record = await seatsOf(B.card!._id)
    expect(record?.holds).toEqual([{orderId: body.id, expiresAt: new Date(NOW.getTime() + 30 * 60_000).toISOString(), seats: 5}])
    expect(seatCounts(record, 12, NOW)).toMatchObject({held: 5, left: 7})
    expect(await getEnrolment(body.id)).toMatchObject({
      status: 'pending',
      amountMinor: 23750,
      amount: 237.5,
      email: 'crewing@oceanic.example',
      groupOrder: {
        bookingId: body.bookingId,
        company: 'Oceanic Ship Management Pvt Ltd',
        seats: 5,
        unitMinor: 5000,
        subtotalMinor: 25000,
        discountPercent: 5,
        discountMinor: 1250,
        payBy: 'card',
        poNumber: 'PO-7781',
      },
    })
  })

  it('10 seats take the 10+ tier; 2 seats pay the full price', async () => {
    expect((await book(booking(B.tiers!._id, {seats: 10}))).body.amount).toBe(45000)
    expect((await book(booking(B.tiers!._id, {seats: 2}))).body.amount).toBe(10000)
  })

  it.each([
    [{seats: 1}, 'seats', 'Book at least 2 seats (for one seat, use the enrolment form)'],
    [{seats: 0}, 'seats', 'Book at least 2 seats (for one seat, use the enrolment form)'],
    [{seats: 31}, 'seats', 'Book at most 30 seats in one group booking'],
    [{company: company({taxId: '27AAPFU0939F1Z'})}, 'company.taxId', 'Enter a valid GSTIN (15 characters)'],
    [{company: company({taxId: '27AAPFU0939F1ZW'})}, 'company.taxId', 'Enter a valid GSTIN (15 characters)'],
    [{company: company({country: 'AE', taxId: '12345'})}, 'company.taxId', 'Enter a valid TRN (15 digits)'],
    [{company: company({country: 'XX'})}, 'company.country', 'Choose the country'],
    [{termsAccepted: false}, 'termsAccepted', expect.any(String)],
  ])('%j is 400 on the field, and nothing is held', async (overrides, field, message) => {
    const {status, body} = await book(booking(B.short!._id, overrides))
    expect(status).toBe(400)
    expect(body.details[field]).toEqual([message])
    expect(await seatsOf(B.short!._id)).toBeNull()
  })

  it('a GSTIN written with spaces and lower case is accepted and stored normalised; another country keeps its number unchecked', async () => {
    const a = await book(booking(B.card!._id, {seats: 2, company: company({taxId: '27aapfu0939f1zv'})}))
    expect(a.status).toBe(200)
    expect((await getGroupBooking(a.body.bookingId))?.company.taxId).toBe('27AAPFU0939F1ZV')
    const b = await book(booking(B.card!._id, {seats: 2, company: company({country: 'GB', taxId: 'GB123 4567 89'})}))
    expect(b.status).toBe(200)
  })

  it('more seats than are left: 409 "Only 3 seats are left in this batch", nothing held; a full batch: 409 "This batch is full"', async () => {
    const {status, body} = await book(booking(B.short!._id, {seats: 4}))
    expect(status).toBe(409)
    expect(body.error).toBe('Only 3 seats are left in this batch')
    expect(await seatsOf(B.short!._id)).toBeNull()
    expect((await book(booking(B.short!._id, {seats: 3}))).status).toBe(200)
    const full = await book(booking(B.short!._id, {seats: 2}))
    expect(full).toMatchObject({status: 409, body: {error: 'This batch is full'}})
  })

  it('two groups racing for the last seats, 20 times: never oversold, never half-held', async () => {
    for (let i = 0; i < 20; i++) {
      const batch = B[`race${i}`]!
      const results = await Promise.all([
        book(booking(batch._id, {seats: 4, company: company({email: `a${i}@race.example`})})),
        book(booking(batch._id, {seats: 4, company: company({email: `b${i}@race.example`})})),
      ])
      const statuses = results.map((r) => r.status).sort()
      expect(statuses, `round ${i}`).toEqual([200, 409])
      expect(results.find((r) => r.status === 409)!.body.error).toBe('Only 2 seats are left in this batch')
      const record = await seatsOf(batch._id)
      expect(record?.holds).toHaveLength(1)
      expect(record?.holds[0]).toMatchObject({orderId: results.find((r) => r.status === 200)!.body.id, seats: 4})
      expect(seatCounts(record, 6, NOW)).toEqual({seats: 6, booked: 0, held: 4, left: 2})
    }
  })
})

describe('paying by card', () => {
  it('books all the seats, gives the order a receipt listing the seats, and confirms on the booking page', async () => {
    const booked = await paidCardBooking(B.cardPay!._id)
    expect(booked.saved.confirmationUrl).toBe(`/book/group/${booked.bookingId}/${booked.key}`)
    const record = await seatsOf(B.cardPay!._id)
    expect(record?.bookings.find((b) => b.orderId === booked.id)).toMatchObject({seats: 5})
    expect(record?.holds.find((h) => h.orderId === booked.id)).toBeUndefined()
    const order = await getEnrolment(booked.id)
    expect(order).toMatchObject({status: 'paid', paidVia: 'callback', receiptNumber: expect.stringMatching(/^MTC-2026-\d{5}$/)})
    const receipt = await getOutboxRecord(`receipt:${order!.receiptNumber}`)
    expect(receipt?.to).toEqual(['crewing@oceanic.example'])
    const {booking: stored, order: found} = await findGroupBooking(booked.bookingId, booked.key)
    expect(found?.status).toBe('paid')
    expect(stored.delegates).toEqual([])
  })

  it("a wrong key, another booking's key or an unknown booking: 404", async () => {
    const a = await paidCardBooking(B.names0!._id, 2)
    const b = await book(booking(B.names1!._id, {seats: 2}))
    for (const [id, key] of [
      [a.bookingId, 'x'.repeat(22)],
      [a.bookingId, b.body.key],
      ['grp_AAAAAAAAAAAAAAAA', a.key],
    ])
      await expect(findGroupBooking(id, key)).rejects.toMatchObject({kind: 'not-found', message: 'Group booking not found'})
  })
})

describe('paying by invoice', () => {
  it('issues a pro-forma due 7 days from booking, holds the seats until the end of that day, and "Payment received" books them with a receipt', async () => {
    const {status, body} = await book(booking(B.invoice!._id, {payBy: 'invoice', seats: 4}))
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body).toEqual({
      bookingId: expect.stringMatching(/^grp_/),
      key: expect.any(String),
      proformaNumber: expect.stringMatching(PROFORMA_NUMBER_PATTERN),
      dueDate: '2026-12-08',
    })
    const stored = (await getGroupBooking(body.bookingId))!
    expect(stored.proformaNumber).toBe(body.proformaNumber)
    expect((await seatsOf(B.invoice!._id))?.holds).toEqual([{orderId: stored.orderId, expiresAt: '2026-12-08T20:00:00.000Z', seats: 4}])
    expect((await getEnrolment(stored.orderId))?.groupOrder?.proformaNumber).toBe(body.proformaNumber)
    const confirmation = await getOutboxRecord(`group-booking:${body.bookingId}`)
    expect(confirmation).toMatchObject({to: ['crewing@oceanic.example'], attachments: [expect.objectContaining({filename: `${body.proformaNumber}.pdf`})]})

    // It never confirms itself: a week later, still unpaid until finance records the transfer.
    vi.setSystemTime(new Date('2026-12-08T10:00:00Z'))
    await runJob()
    expect((await getEnrolment(stored.orderId))?.status).toBe('pending')
    await expect(recordPaymentReceived(body.bookingId, {amount: 100, date: '2026-12-07', reference: 'NEFT123'}, FINANCE)).rejects.toMatchObject({
      kind: 'invalid',
      message: 'The amount must be the pro-forma total, $200 USD',
    })
    const view = await recordPaymentReceived(body.bookingId, {amount: 20000, date: '2026-12-07', reference: 'NEFT123'}, FINANCE)
    expect(view).toMatchObject({status: 'paid', receiptNumber: expect.stringMatching(/^MTC-2026-/), proformaNumber: body.proformaNumber})
    expect(await getEnrolment(stored.orderId)).toMatchObject({status: 'paid', paidVia: 'bank-transfer'})
    expect((await seatsOf(B.invoice!._id))?.bookings).toEqual([expect.objectContaining({orderId: stored.orderId, seats: 4})])
    expect((await getGroupBooking(body.bookingId))?.payment).toMatchObject({amountMinor: 20000, reference: 'NEFT123', recordedBy: FINANCE.account})

    // Marked paid twice: 409; the job never releases a paid booking.
    await expect(recordPaymentReceived(body.bookingId, {amount: 20000, date: '2026-12-07', reference: 'NEFT123'}, FINANCE)).rejects.toMatchObject({
      kind: 'conflict',
    })
    vi.setSystemTime(new Date('2026-12-10T10:00:00Z'))
    await runJob()
    expect((await getEnrolment(stored.orderId))?.status).toBe('paid')
  })

  it('unpaid at the due date: the job releases the seats, cancels the order, tells the waitlist; a payment recorded later is 409', async () => {
    const {body} = await book(booking(B.invoiceLate!._id, {payBy: 'invoice', seats: 6, company: company({email: 'late@oceanic.example'})}))
    const stored = (await getGroupBooking(body.bookingId))!
    // 6 seats held: full, so someone waits.
    expect(
      await joinWaitlist({batchId: B.invoiceLate!._id, name: 'Waiting Person', email: 'wait@example.com', mobile: '+971501234567'}, {client: 'test'}),
    ).toMatchObject({position: 1})
    // Still held on its due day (Dubai), released once that day has ended.
    vi.setSystemTime(new Date('2026-12-08T19:59:00Z'))
    await runJob()
    expect((await getGroupBooking(body.bookingId))?.closed).toBeUndefined()
    vi.setSystemTime(new Date('2026-12-08T20:01:00Z'))
    const job = await runJob()
    expect(job.body.releasedBookings).toBe(1)
    expect((await getGroupBooking(body.bookingId))?.closed).toMatchObject({reason: 'released'})
    expect((await getEnrolment(stored.orderId))?.status).toBe('cancelled')
    expect((await seatsOf(B.invoiceLate!._id))?.holds.find((h) => h.orderId === stored.orderId)).toBeUndefined()
    expect(await getOutboxRecord(`waitlist-notice:${stored.orderId}`)).not.toBeNull()
    expect(await getOutboxRecord(`group-booking-released:${body.bookingId}`)).toMatchObject({
      to: ['late@oceanic.example'],
      subject: expect.stringContaining(stored.proformaNumber!),
    })
    await expect(
      recordPaymentReceived(body.bookingId, {amount: stored.quote.totalMinor, date: '2026-12-08', reference: 'LATE1'}, FINANCE),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This booking was cancelled: no payment can be recorded',
    })
    // Once is enough.
    expect((await runJob()).body.releasedBookings).toBe(0)
  })

  it('too close to the start for a pro-forma (due 14 days before): 400 on payBy', async () => {
    const {status, body} = await book(booking(B.soon!._id, {payBy: 'invoice'}))
    expect(status).toBe(400)
    expect(body.details.payBy).toEqual(['The batch starts in less than 14 days: please pay by card'])
  })

  it('a card booking has no pro-forma to mark paid: 409', async () => {
    const {bookingId} = await paidCardBooking(B.names2!._id, 2)
    await expect(recordPaymentReceived(bookingId, {amount: 10000, date: '2026-12-01', reference: 'X'}, FINANCE)).rejects.toMatchObject({kind: 'conflict'})
  })
})

describe('naming delegates', () => {
  it('by form: each delegate becomes an enrolment linked to the booking, on the roster, with the company on the list row', async () => {
    const booked = await paidCardBooking(B.names3!._id, 3)
    const view = await saveDelegates(booked.bookingId, booked.key, {delegates: [0, 1, 2].map((i) => ({slot: i + 1, ...delegate(i)}))})
    expect(view.delegates.map((d) => d.email)).toEqual(['delegate0@crew.example', 'delegate1@crew.example', 'delegate2@crew.example'])
    const first = await getEnrolment(`${booked.id}_d01`)
    expect(first).toMatchObject({
      status: 'paid',
      amount: 0,
      name: 'Delegate Number A',
      email: 'delegate0@crew.example',
      delegateOf: {bookingId: booked.bookingId, company: 'Oceanic Ship Management Pvt Ltd', slot: 1},
      certificateHolder: {name: 'Delegate Number A', dateOfBirth: '1995-04-01', nationality: 'Indian'},
      batch: {id: B.names3!._id},
    })
    expect(first?.receiptNumber).toBeUndefined()
    expect(await getOutboxRecord(`delegate-joining:${booked.id}_d01-1`)).toMatchObject({to: ['delegate0@crew.example']})
    const roster = (await batchDetailForStaff(B.names3!._id)).roster
    expect(roster.map((r) => r.name)).toEqual(expect.arrayContaining(['Delegate Number A', 'Delegate Number B', 'Delegate Number C']))
    expect(roster.map((r) => r.orderId)).not.toContain(booked.id)
    const rows = await listIndexedEnrolments({status: 'paid'})
    expect(rows.find((r) => r.orderId === `${booked.id}_d02`)).toMatchObject({company: 'Oceanic Ship Management Pvt Ltd', group: {role: 'delegate'}})
    expect(rows.find((r) => r.orderId === booked.id)).toMatchObject({company: 'Oceanic Ship Management Pvt Ltd', group: {role: 'order', seats: 3}})

    // My training: the booker's card links the booking's page; the delegate's names the company.
    const booker = await accountOverview('crewing@oceanic.example', NOW)
    expect(booker.enrolments.find((e) => e.orderId === booked.id)?.group).toEqual({
      company: 'Oceanic Ship Management Pvt Ltd',
      seats: 3,
      named: 3,
      href: `/book/group/${booked.bookingId}/${booked.key}`,
    })
    const crew = await accountOverview('delegate1@crew.example', NOW)
    expect(crew.enrolments).toEqual([
      expect.objectContaining({
        orderId: `${booked.id}_d02`,
        group: expect.objectContaining({company: 'Oceanic Ship Management Pvt Ltd', href: null}),
        dateChange: null,
      }),
    ])

    // A swap keeps the seat's enrolment and puts the new person on it.
    await saveDelegates(booked.bookingId, booked.key, {delegates: [{slot: 2, ...delegate(5)}]})
    expect(await getEnrolment(`${booked.id}_d02`)).toMatchObject({name: 'Delegate Number F', email: 'delegate5@crew.example'})
    expect((await getGroupBooking(booked.bookingId))?.delegates.find((d) => d.slot === 2)?.version).toBe(2)
  })

  it('refuses more delegates than seats, a slot beyond them, a duplicate e-mail and bad fields (details per row)', async () => {
    const booked = await paidCardBooking(B.names6!._id, 2)
    await expect(saveDelegates(booked.bookingId, booked.key, {delegates: [0, 1, 2].map((i) => ({slot: i + 1, ...delegate(i)}))})).rejects.toMatchObject({
      kind: 'invalid',
      message: 'This booking has 2 seats: name at most 2 delegates',
    })
    await expect(saveDelegates(booked.bookingId, booked.key, {delegates: [{slot: 3, ...delegate(0)}]})).rejects.toMatchObject({kind: 'invalid'})
    await expect(
      saveDelegates(booked.bookingId, booked.key, {
        delegates: [
          {slot: 1, ...delegate(0)},
          {slot: 2, ...delegate(0), name: 'Other Person'},
        ],
      }),
    ).rejects.toMatchObject({kind: 'invalid', details: {'delegates.1.email': ['Each delegate needs their own e-mail address']}})
    await expect(saveDelegates(booked.bookingId, booked.key, {delegates: [{slot: 1, ...delegate(0), email: 'not-an-address'}]})).rejects.toMatchObject({
      kind: 'invalid',
      details: {'delegates.0.email': ['Please enter a valid email address.']},
    })
    expect((await getGroupBooking(booked.bookingId))?.delegates).toEqual([])
  })

  it('before payment, delegates cannot be named (409)', async () => {
    const {body} = await book(booking(B.names7!._id, {seats: 2, payBy: 'card'}))
    await expect(saveDelegates(body.bookingId, body.key, {delegates: [{slot: 1, ...delegate(0)}]})).rejects.toMatchObject({kind: 'conflict'})
  })

  it('by CSV: a bad row is 400 naming the row and column, and nothing from the file is saved; a good file names the seats in order', async () => {
    const booked = await paidCardBooking(B.names8!._id, 3)
    const header = 'name,email,date_of_birth,nationality,indos\r\n'
    const bad = `${header}Anna Maria Silva,anna@crew.example,1990-02-03,Filipino,\r\nBen Cruz,not-an-email,1991-02-03,Filipino,05NL1234\r\n`
    await expect(importDelegatesCsv(booked.bookingId, booked.key, bad)).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Row 3, column email: Please enter a valid email address.',
    })
    expect((await getGroupBooking(booked.bookingId))?.delegates).toEqual([])
    expect(await getEnrolment(`${booked.id}_d01`)).toBeNull()
    await expect(
      importDelegatesCsv(
        booked.bookingId,
        booked.key,
        `${header}A B,a@x.example,1990-01-01,Indian,\r\n`.repeat(1) + 'C D,c@x.example,1990-01-01,Indian,\r\n'.repeat(3),
      ),
    ).rejects.toMatchObject({
      kind: 'invalid',
    })
    await expect(importDelegatesCsv(booked.bookingId, booked.key, 'name,mail\r\nA,b\r\n')).rejects.toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('Row 1'),
    })

    const good = `"Name as on the passport",E-mail,Date of birth,Nationality,INDoS number\r\nAnna Maria Silva,anna@crew.example,03/02/1990,Filipino,\r\n"Ben Cruz",ben@crew.example,1991-02-03,Filipino,05nl1234\r\n`
    const view = await importDelegatesCsv(booked.bookingId, booked.key, good)
    expect(view.delegates).toEqual([
      expect.objectContaining({slot: 1, name: 'Anna Maria Silva', dateOfBirth: '1990-02-03', indos: null}),
      expect.objectContaining({slot: 2, name: 'Ben Cruz', indos: '05NL1234'}),
    ])
  })

  it('cancelling a paid card booking refunds it in full, frees its seats and cancels its delegates', async () => {
    const booked = await paidCardBooking(B.cancel!._id, 2)
    await saveDelegates(booked.bookingId, booked.key, {delegates: [{slot: 1, ...delegate(0)}]})
    const view = await cancelGroupBooking(booked.bookingId, {reason: 'Vessel schedule changed'}, FINANCE)
    expect(view.status).toBe('cancelled')
    expect(await getEnrolment(booked.id)).toMatchObject({status: 'refunded', refunds: [expect.objectContaining({amount: 10000})]})
    expect(seatCounts(await seatsOf(B.cancel!._id), 10, NOW).left).toBe(10)
    expect((await getEnrolment(`${booked.id}_d01`))?.status).toBe('cancelled')
    await expect(cancelGroupBooking(booked.bookingId, {}, FINANCE)).rejects.toMatchObject({kind: 'conflict'})
  })
})
