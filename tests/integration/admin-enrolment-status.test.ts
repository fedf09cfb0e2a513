/**
 * Enrolment follow-up (docs/requirements.md#req-enrolment-status): PATCH
 * /api/admin/enrollments/:orderId over Netlify's Blobs emulation — the bearer token, the id
 * pattern, the body's validation, every pair of statuses against the transition table, notes
 * alone in every status, the history's content (when, which account, from → to, note), concurrent
 * staff edits (10 notes at once → 10 entries), the admin list's row (updated, never regressed by
 * a late write, rebuilt by the repair), and what payments and receipts do with a record staff
 * have moved on (markPaid after `contacted` is the same payment; a cancelled order refuses a late
 * payment; receipts, the confirmation page and the purge).
 */
import {describe, expect, it} from 'vitest'
import detail from '#netlify/functions/admin-enrolment'
import update from '#netlify/functions/admin-enrolment-update'
import list from '#netlify/functions/admin-enrolments'
import save from '#netlify/functions/enrolment-save'
import {openStore, STORES} from '#netlify/platform/blobs'
import {clearEnrolmentIndex, indexEnrolment, listIndexedEnrolments, readIndexRows, toSummary} from '#netlify/services/enrolments/index-store'
import {purgeStalePendingEnrolments} from '#netlify/services/enrolments/purge'
import {isStale, rebuildEnrolmentIndex} from '#netlify/services/enrolments/repair'
import {CANCELLED_ORDER_MESSAGE, createPending, getEnrolment, markPaid, type EnrolmentRecord} from '#netlify/services/enrolments/enrolments'
import {ServiceError} from '#netlify/platform/errors'
import {findConfirmedEnrolment, issueReceipt} from '#netlify/services/enrolments/paid-enrolment'
import {ENROLMENT_STATUSES, type EnrolmentStatus} from '#schemas/rules/enrolment-status'
import {queryAudit} from '#netlify/services/audit/audit'
import {ADMIN_ACCOUNT, ADMIN_EMAIL, callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {newEnrolment} from './enrolment-fixtures'
import {call, jsonRequest, paymentId, sign, usePaymentsTestEnvironment} from './payments-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

/** The issue's transition table for staff, written out (the rule itself: schemas/rules/enrolment-status.ts). */
const ALLOWED: Record<EnrolmentStatus, EnrolmentStatus[]> = {
  pending: ['cancelled'],
  paid: ['contacted', 'cancelled'],
  contacted: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  refunded: [],
  'partially-refunded': ['completed', 'cancelled'],
}

const patchRequest = (orderId: string, body: unknown, token?: string | null, headers: Record<string, string> = {}) =>
  new Request(`http://localhost/api/admin/enrollments/${orderId}`, {
    method: 'PATCH',
    headers: {'content-type': 'application/json', ...(token ? {authorization: `Bearer ${token}`} : {}), ...headers},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const patch = (orderId: string, body: unknown, token?: string | null) => callAs(update, patchRequest(orderId, body, token), {params: {orderId}})
const detailOf = async (orderId: string, token: string) => {
  const result = await callAs(detail, getRequest(`/api/admin/enrollments/${orderId}`, token), {params: {orderId}})
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body
}
const rowOf = async (orderId: string) => (await readIndexRows()).get(orderId)

/** A pending enrolment (create-order's record), indexed. */
const pending = () => createPending(newEnrolment('status'))

/** A paid enrolment (markPaid, as the save call or the webhook leave it; no receipt yet). */
async function paid(payment = paymentId()) {
  const record = await pending()
  return (await markPaid(record.orderId, payment, 'callback')).record
}

/**
 * An enrolment in `status`, however it is reached: paid ones through markPaid, then the record
 * written as a later step would leave it (refunded ones too: the refunds work is not built yet),
 * and indexed.
 */
async function inStatus(status: EnrolmentStatus): Promise<EnrolmentRecord> {
  const record = status === 'pending' || status === 'cancelled' ? await pending() : await paid()
  if (status === record.status) return record
  const moved: EnrolmentRecord = {...record, status, updatedAt: new Date().toISOString()}
  await openStore(STORES.enrolments).setJSON(record.orderId, moved)
  await indexEnrolment(moved)
  return moved
}

describe('PATCH /api/admin/enrollments/:orderId — access and validation', () => {
  it('needs a valid token (401 before anything else), and an order id (404 before the body is read)', async () => {
    const record = await paid()
    const none = await patch(record.orderId, {status: 'contacted'})
    expect(none).toMatchObject({status: 401, body: {error: 'No authentication token found'}})
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect((await patch(record.orderId, {status: 'contacted'}, 'forged.token.value')).status).toBe(401)
    expect((await patch('order_unknown000001', 'not json at all')).status).toBe(401)
    expect(await getEnrolment(record.orderId)).toEqual(record)

    const token = await loginToken()
    for (const orderId of ['order_x', 'x', '..', 'order_bad!id0001', ' ']) {
      const refused = await patch(orderId, 'not json at all', token)
      expect(refused, orderId).toMatchObject({status: 404, body: {error: 'Enrolment not found'}})
    }
    expect(await patch('order_unknown000001', {status: 'contacted'}, token)).toMatchObject({status: 404, body: {error: 'Enrolment not found'}})
    expect(await patch('order_unknown000001', {note: 'Hello'}, token)).toMatchObject({status: 404, body: {error: 'Enrolment not found'}})
    const wrongMethod = await callAs(update, getRequest(`/api/admin/enrollments/${record.orderId}`, token), {params: {orderId: record.orderId}})
    expect(wrongMethod.status).toBe(405)
  })

  it('refuses bodies that are not a status and/or a valid note (400 naming the field, 413, 415); nothing is written', async () => {
    const token = await loginToken()
    const record = await paid()
    const refused = async (body: unknown, status = 400) => {
      const result = await patch(record.orderId, body, token)
      expect(result.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      return result.body
    }
    expect(await refused({})).toEqual({error: 'Give a status, a note or both', details: {_: ['Give a status, a note or both']}})
    expect(await refused({status: 'done'})).toMatchObject({
      error: expect.stringMatching(/^status must be one of: pending, paid/),
      details: {status: [expect.any(String)]},
    })
    expect(await refused({status: 'Contacted'})).toMatchObject({details: {status: [expect.any(String)]}})
    expect(await refused({note: ''})).toEqual({
      error: 'The note is empty: write something first.',
      details: {note: ['The note is empty: write something first.']},
    })
    expect(await refused({note: ' \n\r\n '})).toMatchObject({details: {note: ['The note is empty: write something first.']}})
    expect(await refused({note: 'x'.repeat(2001)})).toMatchObject({
      error: 'The note is too long: at most 2000 characters.',
      details: {note: [expect.any(String)]},
    })
    for (const control of ['\u0000', '\u0007', '\t', '\u001b[31m', '\u007f']) {
      expect(await refused({note: `Called ${control} back`})).toMatchObject({
        error: 'The note must not contain control characters (only line breaks are allowed).',
        details: {note: [expect.any(String)]},
      })
    }
    expect(await refused({note: 12})).toMatchObject({error: 'The note must be text', details: {note: ['The note must be text']}})
    expect(await refused({note: null})).toMatchObject({details: {note: [expect.any(String)]}})
    expect(await refused({status: 'contacted', by: 'someone@else.example'})).toMatchObject({error: expect.stringMatching(/Unrecognized key/)})
    expect(await refused([])).toMatchObject({error: expect.any(String)})
    expect(await refused('{"status":')).toEqual({error: 'The body is not valid JSON'})
    expect(await refused({note: 'x'.repeat(17_000)}, 413)).toMatchObject({error: expect.stringMatching(/too large/)})
    const asText = await callAs(update, patchRequest(record.orderId, {status: 'contacted'}, token, {'content-type': 'text/plain'}), {
      params: {orderId: record.orderId},
    })
    expect(asText.status).toBe(415)
    expect(await getEnrolment(record.orderId)).toEqual(record)

    // The limits themselves are fine: 2000 characters (after trimming), line breaks kept as \n.
    const long = await patch(record.orderId, {note: `  ${'y'.repeat(2000)}  `}, token)
    expect(long.status).toBe(200)
    const lines = await patch(record.orderId, {note: 'Line one\r\nLine two\rLine three'}, token)
    expect(lines.body.history.at(-1).note).toBe('Line one\nLine two\nLine three')
  })
})

describe('PATCH /api/admin/enrollments/:orderId — the transition rule', () => {
  it('allows exactly the table, from every status to every status (409 with the reason otherwise)', async () => {
    const token = await loginToken()
    let allowed = 0
    let refusedCount = 0
    for (const from of ENROLMENT_STATUSES) {
      for (const to of ENROLMENT_STATUSES) {
        const record = await inStatus(from)
        const result = await patch(record.orderId, {status: to}, token)
        const stored = await getEnrolment(record.orderId)
        if (ALLOWED[from].includes(to)) {
          allowed++
          expect(result.status, `${from} → ${to}: ${JSON.stringify(result.body)}`).toBe(200)
          expect(result.body).toMatchObject({orderId: record.orderId, status: to, history: [{by: ADMIN_ACCOUNT, from, to}]})
          expect(stored?.status).toBe(to)
          expect((await rowOf(record.orderId))?.status, `${from} → ${to}: index row`).toBe(to)
        } else {
          refusedCount++
          expect(result.status, `${from} → ${to}`).toBe(409)
          expect(result.body.error, `${from} → ${to}`).toMatch(
            /^(The enrolment is already|An enrolment becomes Paid only|A .* enrolment cannot|(Partially r|R)efunded is set when a refund)/,
          )
          expect(stored, `${from} → ${to}: unchanged`).toEqual(record)
        }
      }
    }
    expect({allowed, refusedCount}).toEqual({allowed: 9, refusedCount: 55})
  }, 120_000)

  it('explains refused moves: pending cannot be contacted, staff never set refunds, cancelling does not refund, final statuses stay', async () => {
    const token = await loginToken()
    const unpaid = await pending()
    expect((await patch(unpaid.orderId, {status: 'contacted'}, token)).body.error).toBe(
      'A pending enrolment cannot become Contacted: it can only become Cancelled.',
    )
    expect((await patch(unpaid.orderId, {status: 'paid'}, token)).body.error).toBe('An enrolment becomes Paid only when its payment arrives.')
    const record = await paid()
    expect((await patch(record.orderId, {status: 'refunded'}, token)).body.error).toBe(
      'Refunded is set when a refund is made, not by hand. Cancelling an enrolment does not refund its payment.',
    )
    expect((await patch(record.orderId, {status: 'confirmed'}, token)).body.error).toBe(
      'A paid enrolment cannot become Confirmed: it can only become Contacted or Cancelled.',
    )
    // A status and a note that are refused together leave no trace of the note either.
    expect((await patch(record.orderId, {status: 'completed', note: 'Done'}, token)).status).toBe(409)
    expect((await getEnrolment(record.orderId))?.history).toBeUndefined()
    // Cancelling a paid enrolment keeps its payment (no refund), and it is final.
    const cancelled = await patch(record.orderId, {status: 'cancelled', note: 'Candidate withdrew'}, token)
    expect(cancelled.body).toMatchObject({status: 'cancelled', paymentId: record.paymentId, paidAt: record.paidAt})
    expect((await patch(record.orderId, {status: 'contacted'}, token)).body.error).toBe('A cancelled enrolment cannot change status any more.')
  })

  it('a note alone is kept in every status and never changes it', async () => {
    const token = await loginToken()
    for (const status of ENROLMENT_STATUSES) {
      const record = await inStatus(status)
      const result = await patch(record.orderId, {note: `  A note while ${status}  `}, token)
      expect(result.status, status).toBe(200)
      expect(result.body.status).toBe(status)
      expect(result.body.history).toEqual([{at: expect.any(String), by: ADMIN_ACCOUNT, note: `A note while ${status}`}])
      expect(Object.keys(result.body.history[0]).sort()).toEqual(['at', 'by', 'note'])
    }
  })
})

describe('the history', () => {
  it('keeps every change and note: when, which account, from → to, note — in the PATCH answer and the detail', async () => {
    const token = await loginToken()
    const record = await paid()
    expect((await detailOf(record.orderId, token)).history).toEqual([])
    const before = Date.now()
    const steps: Array<[unknown, object]> = [
      [
        {status: 'contacted', note: 'Called on +63 917 123 4567; will send the joining letter.'},
        {from: 'paid', to: 'contacted', note: expect.stringMatching(/^Called/)},
      ],
      [{note: 'Joining letter sent.\nAsked for the passport copy.'}, {note: 'Joining letter sent.\nAsked for the passport copy.'}],
      [{status: 'confirmed'}, {from: 'contacted', to: 'confirmed'}],
      [
        {status: 'completed', note: 'Certificate issued'},
        {from: 'confirmed', to: 'completed', note: 'Certificate issued'},
      ],
    ]
    for (const [index, [body, entry]] of steps.entries()) {
      const result = await patch(record.orderId, body, token)
      expect(result.status, JSON.stringify(result.body)).toBe(200)
      expect(result.headers.get('cache-control')).toBe('no-store')
      expect(result.body.history).toHaveLength(index + 1)
      expect(result.body.history.at(-1)).toEqual({at: expect.any(String), by: ADMIN_ACCOUNT, ...entry})
    }
    const shown = await detailOf(record.orderId, token)
    expect(shown.status).toBe('completed')
    expect(shown.history.map((e: any) => [e.from ?? null, e.to ?? null])).toEqual([
      ['paid', 'contacted'],
      [null, null],
      ['contacted', 'confirmed'],
      ['confirmed', 'completed'],
    ])
    const times = shown.history.map((e: any) => Date.parse(e.at))
    for (const [i, time] of times.entries()) {
      expect(time).toBeGreaterThanOrEqual(before)
      expect(time).toBeLessThanOrEqual(Date.now())
      if (i > 0) expect(time).toBeGreaterThanOrEqual(times[i - 1]!)
    }
    expect(shown.history.at(-1).at).toBe(shown.updatedAt)
    // Everything else of the record is as markPaid left it (the detail adds `refunds: []`).
    const {history: _history, status: _status, updatedAt: _updatedAt, refunds, ...rest} = shown
    const {status: _s, updatedAt: _u, ...paidRest} = record
    expect(rest).toEqual(paidRest)
    expect(refunds).toEqual([])
  })

  it('loses no entry when staff edit one enrolment at once: 10 concurrent notes → 10 entries; one of 5 concurrent moves wins', async () => {
    const token = await loginToken()
    const record = await paid()
    const notes = Array.from({length: 10}, (_, i) => `Concurrent note ${i + 1}`)
    const results = await Promise.all(notes.map((note) => patch(record.orderId, {note}, token)))
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200))
    const stored = await getEnrolment(record.orderId)
    expect(stored?.history).toHaveLength(10)
    expect(stored!.history!.map((e) => e.note).sort()).toEqual([...notes].sort())
    expect((await rowOf(record.orderId))?.historyCount).toBe(10)

    // Moves and notes at once: exactly one `contacted` lands, the others are told why; every note is kept.
    const mixed = await Promise.all([
      ...Array.from({length: 5}, () => patch(record.orderId, {status: 'contacted'}, token)),
      ...Array.from({length: 5}, (_, i) => patch(record.orderId, {note: `Mixed ${i}`}, token)),
    ])
    const moves = mixed.slice(0, 5)
    expect(moves.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of moves.filter((m) => m.status !== 200)) expect(r).toMatchObject({status: 409, body: {error: 'The enrolment is already Contacted.'}})
    expect(mixed.slice(5).every((r) => r.status === 200)).toBe(true)
    const after = await getEnrolment(record.orderId)
    expect(after).toMatchObject({status: 'contacted'})
    expect(after?.history).toHaveLength(16)
    expect(after!.history!.filter((e) => e.to === 'contacted')).toHaveLength(1)
    expect(await rowOf(record.orderId)).toMatchObject({status: 'contacted', historyCount: 16, updatedAt: after?.updatedAt})
  })
})

describe('the admin list and its index', () => {
  it('shows the new status in the row at once; a late write of an older row never regresses it; the repair rebuilds it', async () => {
    const token = await loginToken()
    const record = await paid()
    const result = await patch(record.orderId, {status: 'contacted'}, token)
    const listed = await callAs(list, getRequest('/api/admin/enrollments', token))
    const row = (listed.body as any[]).find((r) => r.orderId === record.orderId)
    expect(row).toMatchObject({status: 'contacted', historyCount: 1, updatedAt: result.body.updatedAt, paymentId: record.paymentId})
    expect(row.history).toBeUndefined()

    // The index write of the paid record (markPaid's, delayed) lands after the change: ignored.
    expect(await indexEnrolment(record)).toBe(false)
    expect(await rowOf(record.orderId)).toMatchObject({status: 'contacted'})
    // Even with a later clock on the older row.
    expect(await indexEnrolment({...record, updatedAt: '2999-01-01T00:00:00.000Z'})).toBe(false)
    expect(await rowOf(record.orderId)).toMatchObject({status: 'contacted'})

    const stored = (await getEnrolment(record.orderId))!
    expect(isStale(await rowOf(record.orderId), stored)).toBe(false)
    await clearEnrolmentIndex()
    await rebuildEnrolmentIndex()
    expect(await rowOf(record.orderId)).toEqual(toSummary(stored))
    // A row of earlier versions (no historyCount, still `paid`) is stale and repaired.
    const {historyCount: _count, ...old} = {...toSummary(record)}
    expect(isStale(old, stored)).toBe(true)
  })

  it('lists paid enrolments in every status by default; cancelled unpaid ones only with ?status=all', async () => {
    const token = await loginToken()
    const paidThenCancelled = await paid()
    await patch(paidThenCancelled.orderId, {status: 'cancelled'}, token)
    const confirmed = await inStatus('confirmed')
    const unpaid = await pending()
    await patch(unpaid.orderId, {status: 'cancelled'}, token)
    const byDefault = (await callAs(list, getRequest('/api/admin/enrollments', token))).body as any[]
    const ids = byDefault.map((r) => r.orderId)
    expect(ids).toEqual(expect.arrayContaining([paidThenCancelled.orderId, confirmed.orderId]))
    expect(ids).not.toContain(unpaid.orderId)
    const all = (await callAs(list, getRequest('/api/admin/enrollments?status=all', token))).body as any[]
    expect(all.find((r) => r.orderId === unpaid.orderId)).toMatchObject({status: 'cancelled', paidAt: null})
    expect((await listIndexedEnrolments({status: 'paid'})).map((r) => r.orderId)).toEqual(ids)
  })
})

describe('payments and receipts after a follow-up', () => {
  it('markPaid after `contacted` is the same payment: nothing changes (webhook or save call); another payment is refused', async () => {
    const token = await loginToken()
    const payment = paymentId()
    const record = await paid(payment)
    await patch(record.orderId, {status: 'contacted', note: 'Called'}, token)
    const contacted = await getEnrolment(record.orderId)

    const again = await markPaid(record.orderId, payment, 'webhook')
    expect(again.changed).toBe(false)
    expect(again.record).toEqual(contacted)
    expect(await getEnrolment(record.orderId)).toEqual(contacted)

    const saved = await call(
      save,
      jsonRequest('/api/enroll/save', {razorpay_order_id: record.orderId, razorpay_payment_id: payment, razorpay_signature: sign(record.orderId, payment)}),
    )
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toMatchObject({status: 'paid', orderId: record.orderId, paymentId: payment, receiptNumber: expect.stringMatching(/^MTC-\d{4}-\d{5}$/)})
    const after = await getEnrolment(record.orderId)
    expect(after).toMatchObject({status: 'contacted', paymentId: payment, history: contacted!.history, receiptNumber: saved.body.receiptNumber})
    expect(await rowOf(record.orderId)).toMatchObject({status: 'contacted', receiptNumber: saved.body.receiptNumber})

    const other = await markPaid(record.orderId, paymentId(), 'webhook').catch((error: unknown) => error)
    expect(other).toBeInstanceOf(ServiceError)
    expect((other as ServiceError).status).toBe(409)
    expect(await getEnrolment(record.orderId)).toMatchObject({status: 'contacted', paymentId: payment})
  })

  it('a payment for an order cancelled before it was paid is refused (409, for review), and the order stays cancelled', async () => {
    const token = await loginToken()
    const unpaid = await pending()
    await patch(unpaid.orderId, {status: 'cancelled', note: 'Duplicate order'}, token)
    const late = await markPaid(unpaid.orderId, paymentId(), 'webhook').catch((error: unknown) => error)
    expect(late).toBeInstanceOf(ServiceError)
    expect(late).toMatchObject({status: 409, message: CANCELLED_ORDER_MESSAGE})
    const stored = await getEnrolment(unpaid.orderId)
    expect(stored).toMatchObject({status: 'cancelled'})
    expect(stored).not.toHaveProperty('paymentId')
    expect(stored).not.toHaveProperty('paidAt')
  })

  it('a paid enrolment moved on still gets its receipt and its confirmation page; a cancelled unpaid one is never purged', async () => {
    const token = await loginToken()
    const record = await paid()
    await patch(record.orderId, {status: 'contacted'}, token)
    const issued = await issueReceipt(record.orderId)
    expect(issued?.record).toMatchObject({status: 'contacted', receiptNumber: expect.stringMatching(/^MTC-/)})
    expect(await findConfirmedEnrolment(record.orderId, record.confirmationKey!)).toMatchObject({status: 'contacted'})
    await patch(record.orderId, {status: 'cancelled'}, token)
    expect(await findConfirmedEnrolment(record.orderId, record.confirmationKey!)).toBeNull()

    const unpaid = await pending()
    await patch(unpaid.orderId, {status: 'cancelled'}, token)
    const result = await purgeStalePendingEnrolments({now: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)})
    expect(result.purged).not.toContain(unpaid.orderId)
    expect(await getEnrolment(unpaid.orderId)).toMatchObject({status: 'cancelled'})
  })
})

describe('the audit log', () => {
  it('records a status change and a note by the person who made them, without the note text', async () => {
    const token = await loginToken()
    const record = await paid()
    expect((await patch(record.orderId, {status: 'contacted', note: 'Called, will pay the rest on Monday.'}, token)).status).toBe(200)
    const rows = (await queryAudit({target: record.orderId})).rows
    expect(rows.map((r) => [r.action, r.actor])).toEqual(
      expect.arrayContaining([
        ['enrolment-status', expect.objectContaining({type: 'staff', id: 'stf_owner', email: ADMIN_EMAIL})],
        ['enrolment-note', expect.objectContaining({type: 'staff', id: 'stf_owner'})],
      ]),
    )
    expect(rows.find((r) => r.action === 'enrolment-status')?.summary).toEqual({after: 'contacted'})
    expect(JSON.stringify(rows)).not.toContain('Monday')
  })
})
