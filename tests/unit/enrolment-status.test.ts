/**
 * The enrolment follow-up rule (docs/requirements.md#req-enrolment-status,
 * schemas/rules/enrolment-status.ts): moves allowed and refused, the messages of refused moves, the refund moves left for the refunds work, the paid-like helpers,
 * the note rule and the PATCH body's schema.
 */
import {describe, expect, it} from 'vitest'
import {EnrolmentUpdateSchema} from '#schemas/contracts/admin'
import {
  checkRefundMove,
  checkStaffMove,
  ENROLMENT_STATUS_LABELS,
  ENROLMENT_STATUSES,
  isAwaitingContact,
  isEnrolmentStatus,
  isPaidStatus,
  normaliseNote,
  NOTE_MAX_LENGTH,
  noteProblem,
  STAFF_MOVE_LABELS,
  STAFF_MOVES,
  wasPaid,
  type EnrolmentStatus,
} from '#schemas/rules/enrolment-status'

describe('staff moves', () => {
  it('allows one step forward, or cancel; the API test walks every pair (admin-enrolment-status.test.ts)', () => {
    expect(checkStaffMove('paid', 'contacted')).toEqual({ok: true})
    expect(checkStaffMove('contacted', 'confirmed')).toEqual({ok: true})
    expect(checkStaffMove('confirmed', 'completed')).toEqual({ok: true})
    expect(checkStaffMove('partially-refunded', 'completed')).toEqual({ok: true})
    for (const from of ['pending', 'paid', 'contacted', 'confirmed', 'partially-refunded'] as const)
      expect(checkStaffMove(from, 'cancelled')).toEqual({ok: true})
    expect(checkStaffMove('paid', 'completed').ok).toBe(false)
    expect(checkStaffMove('completed', 'cancelled').ok).toBe(false)
  })

  it('refuses every other move with a clear message', () => {
    const message = (from: EnrolmentStatus, to: EnrolmentStatus) => {
      const check = checkStaffMove(from, to)
      return check.ok ? null : check.message
    }
    expect(message('paid', 'paid')).toBe('The enrolment is already Paid.')
    expect(message('contacted', 'contacted')).toBe('The enrolment is already Contacted.')
    expect(message('pending', 'paid')).toBe('An enrolment becomes Paid only when its payment arrives.')
    expect(message('confirmed', 'paid')).toBe('An enrolment becomes Paid only when its payment arrives.')
    expect(message('paid', 'refunded')).toBe('Refunded is set when a refund is made, not by hand. Cancelling an enrolment does not refund its payment.')
    expect(message('completed', 'partially-refunded')).toMatch(/^Partially refunded is set when a refund is made/)
    expect(message('pending', 'contacted')).toBe('A pending enrolment cannot become Contacted: it can only become Cancelled.')
    expect(message('paid', 'confirmed')).toBe('A paid enrolment cannot become Confirmed: it can only become Contacted or Cancelled.')
    expect(message('confirmed', 'contacted')).toBe('A confirmed enrolment cannot become Contacted: it can only become Completed or Cancelled.')
    expect(message('contacted', 'pending')).toBe('A contacted enrolment cannot become Pending: it can only become Confirmed or Cancelled.')
    expect(message('completed', 'cancelled')).toBe('A completed enrolment cannot change status any more.')
    expect(message('cancelled', 'paid')).toBe('An enrolment becomes Paid only when its payment arrives.')
    expect(message('cancelled', 'contacted')).toBe('A cancelled enrolment cannot change status any more.')
    expect(message('refunded', 'completed')).toBe('A refunded enrolment cannot change status any more.')
  })

  it('has a label for every status and a button for every move staff can make', () => {
    for (const status of ENROLMENT_STATUSES) expect(ENROLMENT_STATUS_LABELS[status]).toMatch(/^[A-Z][a-z ]+$/)
    const targets = new Set(Object.values(STAFF_MOVES).flat())
    expect([...targets].sort()).toEqual(Object.keys(STAFF_MOVE_LABELS).sort())
    expect(STAFF_MOVE_LABELS).toEqual({
      contacted: 'Mark as contacted',
      confirmed: 'Mark as confirmed',
      completed: 'Mark as completed',
      cancelled: 'Cancel enrolment',
    })
    expect(isEnrolmentStatus('partially-refunded')).toBe(true)
    expect(isEnrolmentStatus('Paid')).toBe(false)
  })
})

describe('refund moves (for the refunds work)', () => {
  it('sets refunded or partially-refunded on an enrolment whose payment was received, never twice refunded in full', () => {
    const paidAt = '2026-01-01T00:00:00.000Z'
    for (const status of ['paid', 'contacted', 'confirmed', 'completed', 'partially-refunded'] as const) {
      expect(checkRefundMove({status, paidAt}, 'refunded').ok, status).toBe(true)
      expect(checkRefundMove({status, paidAt}, 'partially-refunded').ok, status).toBe(true)
    }
    expect(checkRefundMove({status: 'cancelled', paidAt}, 'refunded').ok).toBe(true)
    expect(checkRefundMove({status: 'cancelled'}, 'refunded')).toEqual({ok: false, message: 'An enrolment that was never paid cannot be refunded.'})
    expect(checkRefundMove({status: 'pending'}, 'partially-refunded').ok).toBe(false)
    expect(checkRefundMove({status: 'refunded', paidAt}, 'refunded')).toEqual({ok: false, message: 'The enrolment is already Refunded.'})
    expect(checkRefundMove({status: 'paid', paidAt}, 'cancelled')).toEqual({ok: false, message: 'A refund cannot set Cancelled.'})
  })
})

describe('paid-like statuses', () => {
  const paidAt = '2026-01-01T00:00:00.000Z'
  it('isPaidStatus: paid, contacted, confirmed, completed, partially-refunded', () => {
    expect(ENROLMENT_STATUSES.filter(isPaidStatus)).toEqual(['paid', 'contacted', 'confirmed', 'completed', 'partially-refunded'])
  })
  it('wasPaid: a paid-like status, or cancelled/refunded after payment; never pending', () => {
    for (const status of ENROLMENT_STATUSES) expect(wasPaid({status, paidAt}), status).toBe(status !== 'pending')
    expect(wasPaid({status: 'cancelled', paidAt: null})).toBe(false)
    expect(wasPaid({status: 'paid', paidAt: null})).toBe(true)
    expect(wasPaid({status: 'pending', paidAt})).toBe(false)
  })
  it('awaiting contact: paid only', () => {
    expect(ENROLMENT_STATUSES.filter(isAwaitingContact)).toEqual(['paid'])
  })
})

describe('notes', () => {
  it('normalises line breaks and trims', () => {
    expect(normaliseNote('  Called.\r\nLeft a message.\rWill call again.\n ')).toBe('Called.\nLeft a message.\nWill call again.')
  })
  it('refuses empty, too long and control characters other than line breaks', () => {
    expect(noteProblem('')).toBe('The note is empty: write something first.')
    expect(noteProblem('x'.repeat(NOTE_MAX_LENGTH))).toBeNull()
    expect(noteProblem('x'.repeat(NOTE_MAX_LENGTH + 1))).toBe('The note is too long: at most 2000 characters.')
    expect(noteProblem('two\nlines')).toBeNull()
    expect(noteProblem('Ünïcode ✓ नमस्ते')).toBeNull()
    for (const control of ['\t', '\u0000', '\u0007', '\u001b', '\u007f']) {
      expect(noteProblem(`a${control}b`), JSON.stringify(control)).toBe('The note must not contain control characters (only line breaks are allowed).')
    }
  })
})

describe('EnrolmentUpdateSchema (PATCH body)', () => {
  const parse = (body: unknown) => EnrolmentUpdateSchema.safeParse(body)
  const error = (body: unknown) => {
    const result = parse(body)
    return result.success ? null : {message: result.error.issues[0]!.message, path: result.error.issues[0]!.path.join('.')}
  }
  it('takes a status, a note or both; the note normalised', () => {
    expect(parse({status: 'contacted'}).data).toEqual({status: 'contacted'})
    expect(parse({note: '  Called \r\n back  '}).data).toEqual({note: 'Called \n back'})
    expect(parse({status: 'cancelled', note: 'Duplicate order'}).data).toEqual({status: 'cancelled', note: 'Duplicate order'})
  })
  it('refuses neither, unknown fields, unknown statuses and bad notes, naming the field', () => {
    expect(error({})).toEqual({message: 'Give a status, a note or both', path: ''})
    expect(error({status: 'done'})).toEqual({message: expect.stringMatching(/^status must be one of: pending, paid, contacted/), path: 'status'})
    expect(error({note: '   '})).toEqual({message: 'The note is empty: write something first.', path: 'note'})
    expect(error({note: 'x'.repeat(2001)})?.path).toBe('note')
    expect(error({note: 'tab\there'})).toEqual({message: expect.stringMatching(/^The note must not contain control characters/), path: 'note'})
    expect(error({note: 42})).toEqual({message: 'The note must be text', path: 'note'})
    expect(error({status: 'paid', extra: 1})?.message).toMatch(/Unrecognized key/)
    expect(error(null)).not.toBeNull()
  })
})
