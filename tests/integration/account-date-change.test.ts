/**
 * "Request another date" (docs/account/date-change.md): the rule (more than 7 days ahead on the
 * provider's calendar, same course and price, seats left, one pending request, not for cancelled,
 * refunded or completed enrolments), the candidate's API (401, 404 for another candidate's order,
 * 400, 409), staff's approve and decline (seats moved, record and admin index updated, the
 * candidate e-mailed, audited, the waitlist told when the old batch was full), and a date change
 * raced against the last seat. Sandbox payments on test batches of a copy of the seed; the clock
 * is faked (Date only) at 1 December 2026, 12:00 in Dubai.
 */
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import accountDateChange from '#netlify/functions/account-date-change'
import adminDateChange from '#netlify/functions/admin-enrolment-date-change'
import update from '#netlify/functions/admin-enrolment-update'
import createOrder from '#netlify/functions/enrolment-create-order'
import save from '#netlify/functions/enrolment-save'
import waitlist from '#netlify/functions/waitlist'
import {dateChangeOf} from '#netlify/services/account/date-change'
import {accountOverview} from '#netlify/services/account/overview'
import {createSignInLink, redeemSignInLink} from '#netlify/services/account/sessions'
import {batchDetailForStaff} from '#netlify/services/admin/batches'
import {queryAudit} from '#netlify/services/audit/audit'
import {getEnrolment} from '#netlify/services/enrolments/enrolments'
import {listIndexedEnrolments} from '#netlify/services/enrolments/index-store'
import {getOutboxRecord, listOutboxRecords} from '#netlify/services/mail/outbox'
import {readSeats} from '#netlify/services/seats/seats'
import {DATE_FILLED_UP} from '#schemas/contracts/date-change'
import {checkDateChangeAllowed, DATE_CHANGE_MESSAGES, farEnoughAway, isDateChangeOption} from '#schemas/rules/date-change'
import {seatCounts} from '#schemas/rules/seats'
import {testContext, useBlobs} from '../helpers/blobs'
import {ADMIN_ACCOUNT, callAs, loginToken, useAdminEnv} from './admin-fixtures'
import {batchDocument, NOW} from './batches-fixtures'
import {call, jsonRequest, paymentId, sign, stubSandboxEnv, validForm} from './payments-fixtures'

/** The test batches: PSF ($50) unless said otherwise. NOW is 1 Dec 2026 in Dubai. */
const B = {
  from: {_id: 'dc-from', course: 'course-pre-sea-training-psf', startDate: '2027-01-20', endDate: '2027-01-22', seats: 12, city: 'Mumbai'},
  to: {_id: 'dc-to', course: 'course-pre-sea-training-psf', startDate: '2027-02-10', endDate: '2027-02-12', seats: 12, city: 'Chennai'},
  last: {_id: 'dc-last', course: 'course-pre-sea-training-psf', startDate: '2027-02-17', seats: 1},
  full: {_id: 'dc-full', course: 'course-pre-sea-training-psf', startDate: '2027-02-24', seats: 1},
  fills: {_id: 'dc-fills', course: 'course-pre-sea-training-psf', startDate: '2027-02-25', seats: 1},
  lastOrder: {_id: 'dc-last-order', course: 'course-pre-sea-training-psf', startDate: '2027-02-26', seats: 1},
  wait: {_id: 'dc-wait', course: 'course-pre-sea-training-psf', startDate: '2027-03-10', seats: 1},
  /** The same course name, another course document at another price. */
  pricey: {_id: 'dc-pricey', course: 'course-dc-psf-premium', startDate: '2027-03-03'},
  closed: {_id: 'dc-closed', course: 'course-pre-sea-training-psf', startDate: '2027-03-17', status: 'closed'},
  cancelled: {_id: 'dc-cancelled', course: 'course-pre-sea-training-psf', startDate: '2027-03-24', status: 'cancelled'},
  other: {_id: 'dc-other', course: 'course-pre-sea-training-btlgtco', startDate: '2027-03-31'},
  /** 7 days after the provider's today: too near to ask. */
  near: {_id: 'dc-near', course: 'course-pre-sea-training-psf', startDate: '2026-12-08'},
  /** 8 days after: far enough, until tomorrow. */
  eight: {_id: 'dc-eight', course: 'course-pre-sea-training-psf', startDate: '2026-12-09'},
}

/** A second "PSF" in the pre-sea category at another price (listed after the real one: orders still price at $50). */
const PREMIUM_PSF = {
  _id: 'course-dc-psf-premium',
  _type: 'course',
  name: 'PSF',
  fullName: 'Passenger Ship Familiarization (premium)',
  code: 'PSFP',
  category: {_type: 'reference', _ref: 'category-pre-sea-training'},
  pricing: 'fixed',
  priceUsd: 80,
  order: 999,
}

beforeAll(() => {
  const source = readFileSync(join(process.cwd(), 'studio/seed/production.ndjson'), 'utf8').trimEnd()
  const file = join(mkdtempSync(join(tmpdir(), 'seed-date-change-')), 'production.ndjson')
  writeFileSync(file, [source, JSON.stringify(PREMIUM_PSF), ...Object.values(B).map((b) => JSON.stringify(batchDocument(b)))].join('\n') + '\n')
  process.env.SEED_FILE = file
})
useBlobs()
useAdminEnv()
afterAll(() => {
  delete process.env.SEED_FILE
})
beforeEach(() => {
  stubSandboxEnv()
  vi.stubEnv('STAFF_EMAIL', 'office@example.com')
  vi.useFakeTimers({toFake: ['Date'], now: NOW})
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

let people = 0
/** A fresh candidate address. */
const someone = (tag: string) => `${tag}.${people++}@example.com`

/** A paid PSF enrolment of `email` on `batchId`: its order id. */
async function paid(batchId: string, email: string): Promise<string> {
  const created = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({batchId, email})))
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const payment = paymentId()
  const saved = await call(
    save,
    jsonRequest('/api/enroll/save', {razorpay_order_id: created.body.id, razorpay_payment_id: payment, razorpay_signature: sign(created.body.id, payment)}),
  )
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  return created.body.id as string
}

/** The Cookie header of a live portal session of `email`. */
async function sessionOf(email: string): Promise<string> {
  const {token} = await createSignInLink(email, null)
  const {cookieValue} = await redeemSignInLink(token)
  return `mt_account=${cookieValue}`
}

/** POST /api/account/enrolments/:orderId/date-change as `cookie` (none: signed out). */
async function ask(orderId: string, body: unknown, cookie?: string) {
  const request = new Request(`http://localhost/api/account/enrolments/${orderId}/date-change`, {
    method: 'POST',
    headers: {'content-type': 'application/json', ...(cookie ? {cookie} : {})},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const response = await accountDateChange(request, testContext({orderId}))
  const text = await response.text()
  return {status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null}
}

/** Staff's decision as the bootstrap owner. */
const decide = (orderId: string, requestId: string, body: unknown, token: string) =>
  callAs(
    adminDateChange,
    new Request(`http://localhost/api/admin/enrollments/${orderId}/date-change/${requestId}`, {
      method: 'POST',
      headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
      body: JSON.stringify(body),
    }),
    {params: {orderId, requestId}},
  )

const seatsOf = async (batchId: string) => (await readSeats([batchId])).get(batchId) ?? null
const bookingsOf = async (batchId: string) => ((await seatsOf(batchId))?.bookings ?? []).map((b) => b.orderId).sort()
const leftIn = async (batch: {_id: string; seats?: number}) => seatCounts(await seatsOf(batch._id), batch.seats ?? 12, new Date()).left

/** A paid enrolment on `batchId` with a pending request to `toBatchId`: its order id and request id. */
async function pendingMove(batchId: string, toBatchId: string, tag: string): Promise<{orderId: string; requestId: string; email: string}> {
  const email = someone(tag)
  const orderId = await paid(batchId, email)
  const answer = await ask(orderId, {batchId: toBatchId}, await sessionOf(email))
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return {orderId, requestId: answer.body.request.id, email}
}

describe('the rule', () => {
  it('more than 7 days on the provider calendar: 8 days yes, 7 days no, whatever the hour in UTC', () => {
    expect(farEnoughAway('2026-12-09', NOW)).toBe(true)
    expect(farEnoughAway('2026-12-08', NOW)).toBe(false)
    // 20:30 UTC on 1 Dec is already 2 Dec in Dubai: the 9 Dec batch is then 7 days away.
    expect(farEnoughAway('2026-12-09', new Date('2026-12-01T20:30:00Z'))).toBe(false)
    expect(farEnoughAway('2026-12-09', new Date('2026-12-01T19:59:59Z'))).toBe(true)
  })

  it('cancelled, refunded and completed enrolments cannot ask; nor one with a request pending or no batch', () => {
    const base = {status: 'paid', paidAt: NOW.toISOString(), batch: {id: 'x', startDate: '2027-01-20'}}
    expect(checkDateChangeAllowed(base, NOW)).toEqual({ok: true})
    for (const status of ['cancelled', 'refunded', 'completed'])
      expect(checkDateChangeAllowed({...base, status}, NOW)).toMatchObject({ok: false, reason: 'status'})
    expect(checkDateChangeAllowed({...base, status: 'pending', paidAt: null}, NOW)).toMatchObject({ok: false, reason: 'status'})
    expect(checkDateChangeAllowed({...base, dateChangeRequests: [{status: 'declined'}]}, NOW)).toEqual({ok: true})
    expect(checkDateChangeAllowed({...base, dateChangeRequests: [{status: 'pending'}]}, NOW)).toMatchObject({ok: false, message: DATE_CHANGE_MESSAGES.pending})
    expect(checkDateChangeAllowed({...base, batch: null}, NOW)).toMatchObject({ok: false, reason: 'no-batch'})
  })

  it('an option costs what was paid, in the currency paid', () => {
    const record = {trainingProgram: 'pre-sea-training', course: 'PSF', amount: 50, currency: 'USD', batch: {id: 'dc-from'}}
    const price = {cadetship: false, pricing: 'fixed', priceUsd: 50, priceInr: '₹4,000', enrolAmountUsd: null}
    const batch = {id: 'dc-to', status: 'open', startDate: '2027-02-10', course: {program: 'pre-sea-training', name: 'PSF'}, price}
    expect(isDateChangeOption(batch, record, 3, NOW)).toBe(true)
    expect(isDateChangeOption({...batch, price: {...price, priceUsd: 80}}, record, 3, NOW)).toBe(false)
    expect(isDateChangeOption(batch, {...record, currency: 'INR', amount: 4000}, 3, NOW)).toBe(true)
    expect(isDateChangeOption(batch, {...record, currency: 'INR', amount: 4500}, 3, NOW)).toBe(false)
    expect(isDateChangeOption(batch, record, 0, NOW)).toBe(false)
    expect(isDateChangeOption({...batch, id: 'dc-from'}, record, 3, NOW)).toBe(false)
  })
})

describe('the candidate asks', () => {
  it('lists only dates of the same course and price, open, ahead, with seats, not the current one', async () => {
    await paid(B.full._id, someone('filler'))
    const orderId = await paid(B.from._id, someone('lister'))
    const panel = await dateChangeOf((await getEnrolment(orderId))!, new Date())
    expect(panel?.canRequest).toBe(true)
    // The seed's own PSF batches are offered too; the test batches show the rule.
    expect(panel?.options.map((o) => o.batchId).filter((id) => id.startsWith('dc-'))).toEqual([
      B.near._id,
      B.eight._id,
      B.to._id,
      B.last._id,
      B.fills._id,
      B.lastOrder._id,
      B.wait._id,
    ])
    expect(panel?.options.every((o) => o.batchId.startsWith('dc-') || o.batchId.startsWith('batch-psf-'))).toBe(true)
    expect(panel?.options.find((o) => o.batchId === B.to._id)).toMatchObject({text: '10–12 Feb 2027 · Chennai · 12 seats left', seatsLeft: 12})
    expect(panel?.request).toBeNull()
  })

  it('files one request: 201, stored with both batches, history and a staff e-mail; a second is 409', async () => {
    const email = someone('asker')
    const orderId = await paid(B.from._id, email)
    const cookie = await sessionOf(email)
    const first = await ask(orderId, {batchId: B.to._id, note: '  My ship sails earlier.  '}, cookie)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.headers.get('cache-control')).toContain('no-store')
    const request = first.body.request
    expect(request).toMatchObject({status: 'pending', note: 'My ship sails earlier.', fromBatch: {id: B.from._id}, toBatch: {id: B.to._id, city: 'Chennai'}})
    const record = (await getEnrolment(orderId))!
    expect(record.dateChangeRequests).toEqual([request])
    expect(record.history?.at(-1)).toMatchObject({
      by: `Candidate <${email}>`,
      note: 'Another date requested by the candidate: 10–12 Feb 2027 · Chennai (booked: 20–22 Jan 2027 · Mumbai) — “My ship sails earlier.”',
    })
    // The admin list's row follows the record.
    const row = (await listIndexedEnrolments()).find((r) => r.orderId === orderId)
    expect(row?.updatedAt).toBe(record.updatedAt)
    expect(row?.historyCount).toBe(record.history?.length)
    const notice = await getOutboxRecord(`date-change-request:${request.id}`)
    expect(notice?.to).toEqual(['office@example.com'])
    expect(notice?.subject).toBe('Another date requested: Ana Santos, Passenger Ship Familiarization')
    expect(notice?.text).toContain('My ship sails earlier.')
    // No seat is held by a request.
    expect(await bookingsOf(B.to._id)).not.toContain(orderId)

    const second = await ask(orderId, {batchId: B.last._id}, cookie)
    expect(second).toMatchObject({status: 409, body: {error: DATE_CHANGE_MESSAGES.pending}})
    const panel = (await accountOverview(email)).enrolments[0]!.dateChange
    expect(panel).toMatchObject({canRequest: false, options: [], request: {id: request.id, status: 'pending', toText: '10–12 Feb 2027 · Chennai'}})
  })

  it('401 signed out; 404 for another candidate’s order and for a malformed id; 400 for bad input and dates not offered', async () => {
    const a = someone('a')
    const b = someone('b')
    await paid(B.from._id, a)
    const ordersOfB = await paid(B.from._id, b)
    const cookieA = await sessionOf(a)
    expect(await ask(ordersOfB, {batchId: B.to._id})).toMatchObject({status: 401, body: {error: 'Please sign in again'}})
    expect(await ask(ordersOfB, {batchId: B.to._id}, cookieA)).toMatchObject({status: 404, body: {error: 'Not found'}})
    expect(await ask('order_nope', {batchId: B.to._id}, cookieA)).toMatchObject({status: 404, body: {error: 'Not found'}})
    expect((await getEnrolment(ordersOfB))?.dateChangeRequests).toBeUndefined()

    const [own] = (await accountOverview(a)).enrolments
    const mine = own!.orderId
    expect((await ask(mine, {note: 'x'}, cookieA)).status).toBe(400)
    expect((await ask(mine, {batchId: B.to._id, note: 'x'.repeat(501)}, cookieA)).body.error).toBe('Keep the note to 500 characters or fewer')
    expect((await ask(mine, {batchId: B.to._id, extra: 1}, cookieA)).status).toBe(400)
    expect((await ask(mine, 'not json', cookieA)).status).toBe(400)
    for (const batch of [B.pricey, B.closed, B.cancelled, B.other, B.from, {_id: 'dc-unknown'}]) {
      expect(await ask(mine, {batchId: batch._id}, cookieA), batch._id).toMatchObject({status: 400, body: {error: DATE_CHANGE_MESSAGES.notOffered}})
    }
    expect((await getEnrolment(mine))?.dateChangeRequests).toBeUndefined()
  })

  it('a full date answers 409 "That date has just filled up"', async () => {
    const email = someone('late')
    const orderId = await paid(B.from._id, email)
    const cookie = await sessionOf(email)
    expect(await dateChangeOf((await getEnrolment(orderId))!, new Date())).toMatchObject({
      options: expect.arrayContaining([expect.objectContaining({batchId: B.fills._id})]),
    })
    // The last seat goes between the page and the request.
    await paid(B.fills._id, someone('filler'))
    expect(await ask(orderId, {batchId: B.fills._id}, cookie)).toMatchObject({status: 409, body: {error: DATE_FILLED_UP}})
    expect((await getEnrolment(orderId))?.dateChangeRequests).toBeUndefined()
  })

  it('more than 7 days ahead only, on the injected clock; never for a cancelled enrolment', async () => {
    const email = someone('soon')
    const orderId = await paid(B.eight._id, email)
    const cookie = await sessionOf(email)
    expect((await dateChangeOf((await getEnrolment(orderId))!, new Date()))?.canRequest).toBe(true)
    vi.setSystemTime(new Date(NOW.getTime() + 24 * 3600 * 1000))
    expect(await dateChangeOf((await getEnrolment(orderId))!, new Date())).toBeNull()
    expect(await ask(orderId, {batchId: B.to._id}, cookie)).toMatchObject({status: 409, body: {error: DATE_CHANGE_MESSAGES.tooLate}})

    const nearEmail = someone('near')
    vi.setSystemTime(NOW)
    const near = await paid(B.near._id, nearEmail)
    expect(await ask(near, {batchId: B.to._id}, await sessionOf(nearEmail))).toMatchObject({status: 409, body: {error: DATE_CHANGE_MESSAGES.tooLate}})

    const cancelledEmail = someone('cancelled')
    const cancelled = await paid(B.from._id, cancelledEmail)
    const token = await loginToken()
    const patch = await callAs(
      update,
      new Request(`http://localhost/api/admin/enrollments/${cancelled}`, {
        method: 'PATCH',
        headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
        body: JSON.stringify({status: 'cancelled'}),
      }),
      {params: {orderId: cancelled}},
    )
    expect(patch.status).toBe(200)
    expect(await ask(cancelled, {batchId: B.to._id}, await sessionOf(cancelledEmail))).toMatchObject({status: 409, body: {error: DATE_CHANGE_MESSAGES.status}})
  })
})

describe('staff decide', () => {
  it('approve moves the booking, the record, the admin list and the roster; e-mails the candidate; is audited', async () => {
    const token = await loginToken()
    const {orderId, requestId, email} = await pendingMove(B.from._id, B.to._id, 'approve')
    const fromBefore = await leftIn(B.from)
    const toBefore = await leftIn(B.to)

    const answer = await decide(orderId, requestId, {decision: 'approve', note: 'Fine by us'}, token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.decision).toBe('approved')
    expect(answer.body.enrolment.batch).toMatchObject({id: B.to._id, startDate: '2027-02-10', city: 'Chennai'})

    const record = (await getEnrolment(orderId))!
    expect(record.batch?.id).toBe(B.to._id)
    expect(record.amountMinor).toBe(5000)
    expect(record.dateChangeRequests?.[0]).toMatchObject({status: 'approved', decidedBy: ADMIN_ACCOUNT, decisionNote: 'Fine by us'})
    expect(record.history?.at(-1)).toMatchObject({
      by: ADMIN_ACCOUNT,
      note: "Moved to another date at the candidate's request: 20–22 Jan 2027 · Mumbai → 10–12 Feb 2027 · Chennai — “Fine by us”",
    })
    expect(await leftIn(B.from)).toBe(fromBefore + 1)
    expect(await leftIn(B.to)).toBe(toBefore - 1)
    expect(await bookingsOf(B.to._id)).toContain(orderId)
    expect(await bookingsOf(B.from._id)).not.toContain(orderId)

    const row = (await listIndexedEnrolments()).find((r) => r.orderId === orderId)
    expect(row?.batch?.id).toBe(B.to._id)
    expect((await batchDetailForStaff(B.to._id)).roster.map((r) => r.orderId)).toContain(orderId)
    expect((await batchDetailForStaff(B.from._id)).roster.map((r) => r.orderId)).not.toContain(orderId)

    const mail = await getOutboxRecord(`date-change-outcome:${requestId}`)
    expect(mail?.to).toEqual([email])
    expect(mail?.subject).toBe('Your new dates: Passenger Ship Familiarization')
    expect(mail?.text).toContain('10–12 Feb 2027 · Chennai')
    expect(mail?.text).toContain(`/account?email=${encodeURIComponent(email)}`)

    const audit = await queryAudit({action: 'enrolment-date-change'})
    expect(audit.rows.some((e) => e.target?.id === orderId && e.summary?.decision === 'approved')).toBe(true)

    // The same approval again changes nothing; the panel shows the outcome.
    expect((await decide(orderId, requestId, {decision: 'approve'}, token)).status).toBe(200)
    expect((await decide(orderId, requestId, {decision: 'decline'}, token)).body).toEqual({error: DATE_CHANGE_MESSAGES.decided})
    expect(await bookingsOf(B.to._id)).toContain(orderId)
    const panel = (await accountOverview(email)).enrolments[0]!
    expect(panel.dates).toContain('10–12 Feb 2027 · Chennai')
    expect(panel.dateChange?.request).toMatchObject({status: 'approved', toText: '10–12 Feb 2027 · Chennai'})
    expect(panel.dateChange?.canRequest).toBe(true)
  })

  it('decline keeps the booking and e-mails the candidate that the date stays', async () => {
    const token = await loginToken()
    const {orderId, requestId, email} = await pendingMove(B.from._id, B.to._id, 'decline')
    const answer = await decide(orderId, requestId, {decision: 'decline'}, token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect((await getEnrolment(orderId))?.batch?.id).toBe(B.from._id)
    expect(await bookingsOf(B.from._id)).toContain(orderId)
    expect(await bookingsOf(B.to._id)).not.toContain(orderId)
    const mail = await getOutboxRecord(`date-change-outcome:${requestId}`)
    expect(mail?.to).toEqual([email])
    expect(mail?.subject).toBe('Your dates stay as booked: Passenger Ship Familiarization')
    // Declined: a new request may be made.
    expect((await ask(orderId, {batchId: B.last._id}, await sessionOf(email))).status).toBe(201)
  })

  it('unknown request or order: 404; bad decision: 400; no token: 401', async () => {
    const token = await loginToken()
    const {orderId} = await pendingMove(B.from._id, B.to._id, 'unknown')
    expect((await decide(orderId, 'dc_AAAAAAAAAAAAAAAA', {decision: 'approve'}, token)).status).toBe(404)
    expect((await decide('order_Unknown00000000', 'dc_AAAAAAAAAAAAAAAA', {decision: 'approve'}, token)).status).toBe(404)
    expect((await decide(orderId, 'nope', {decision: 'approve'}, token)).status).toBe(404)
    expect((await decide(orderId, 'dc_AAAAAAAAAAAAAAAA', {decision: 'maybe'}, token)).status).toBe(400)
    expect((await decide(orderId, 'dc_AAAAAAAAAAAAAAAA', {decision: 'approve'}, '')).status).toBe(401)
  })

  it('moving out of a full batch tells staff who waits first', async () => {
    const token = await loginToken()
    const {orderId, requestId} = await pendingMove(B.wait._id, B.to._id, 'waiter')
    const joined = await waitlist(
      jsonRequest('/api/waitlist', {batchId: B.wait._id, name: 'Anita Rao', email: 'anita@example.com', mobile: '+91 98200 12345'}),
      testContext({}, '198.51.100.91'),
    )
    expect(joined.status).toBe(200)
    expect((await decide(orderId, requestId, {decision: 'approve'}, token)).status).toBe(200)
    expect(await leftIn(B.wait)).toBe(1)
    const notice = await getOutboxRecord(`waitlist-notice:${orderId}-${requestId}`)
    expect(notice?.subject).toBe('Seat free: PSF, 2027-03-10, Mumbai — first waiting: Anita Rao')
    expect(notice?.text).toContain('a candidate moved to another date of the course')
  })
})

describe('a date change raced against the last seat', () => {
  it('two approvals for one remaining seat: one moves, the other is 409 with its old booking unchanged', async () => {
    const token = await loginToken()
    const one = await pendingMove(B.from._id, B.last._id, 'race-one')
    const two = await pendingMove(B.to._id, B.last._id, 'race-two')
    const [fromLeft, toLeft] = [await leftIn(B.from), await leftIn(B.to)]
    expect(await leftIn(B.last)).toBe(1)

    const answers = await Promise.all([
      decide(one.orderId, one.requestId, {decision: 'approve'}, token),
      decide(two.orderId, two.requestId, {decision: 'approve'}, token),
    ])
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409])
    const loser = answers[0]!.status === 409 ? one : two
    const winner = loser === one ? two : one
    expect(answers.find((a) => a.status === 409)?.body).toEqual({error: DATE_FILLED_UP})

    expect(await bookingsOf(B.last._id)).toEqual([winner.orderId])
    expect(await leftIn(B.last)).toBe(0)
    const loserRecord = (await getEnrolment(loser.orderId))!
    const loserBatch = loser === one ? B.from : B.to
    expect(loserRecord.batch?.id).toBe(loserBatch._id)
    expect(loserRecord.dateChangeRequests?.[0]?.status).toBe('pending')
    expect(await bookingsOf(loserBatch._id)).toContain(loser.orderId)
    expect((await getEnrolment(winner.orderId))?.batch?.id).toBe(B.last._id)
    // Exactly one seat came back, in the winner's old batch.
    expect((await leftIn(B.from)) + (await leftIn(B.to))).toBe(fromLeft + toLeft + 1)
    expect(await getOutboxRecord(`date-change-outcome:${loser.requestId}`)).toBeNull()
  })

  it('an approval and a new order for the last seat: exactly one gets it', async () => {
    const token = await loginToken()
    const move = await pendingMove(B.from._id, B.lastOrder._id, 'race-order')
    expect(await leftIn(B.lastOrder)).toBe(1)
    const [approval, order] = await Promise.all([
      decide(move.orderId, move.requestId, {decision: 'approve'}, token),
      call(createOrder, jsonRequest('/api/enroll/create-order', validForm({batchId: B.lastOrder._id, email: someone('buyer')}))),
    ])
    expect([approval.status, order.status].sort()).toEqual([200, 409])
    const seats = (await seatsOf(B.lastOrder._id))!
    expect(seats.bookings.length + seats.holds.length).toBe(1)
    if (approval.status === 409) {
      expect(approval.body).toEqual({error: DATE_FILLED_UP})
      expect((await getEnrolment(move.orderId))?.batch?.id).toBe(B.from._id)
      expect(await bookingsOf(B.from._id)).toContain(move.orderId)
    } else expect(order.body).toEqual({error: 'This batch is full'})
    expect((await listOutboxRecords()).filter((m) => m.kind === 'date-change-outcome' && m.id.endsWith(move.requestId)).length).toBe(
      approval.status === 200 ? 1 : 0,
    )
  })
})
