/** web/app/lib/waitlist.ts waitlistOutcome: what the enrolment form's waitlist shows for each answer. */
import {describe, expect, it} from 'vitest'
import {WAITLIST_FAILED, waitlistOutcome} from '~/lib/waitlist'

describe('waitlistOutcome', () => {
  it('reads the place of a 200', () => {
    expect(waitlistOutcome(200, {batchId: 'batch-a', status: 'waiting', position: 3})).toEqual({ok: true, position: 3})
  })

  it('keeps the field errors of a 400 and its message', () => {
    expect(
      waitlistOutcome(400, {error: 'Please enter a valid email address.', details: {email: ['Please enter a valid email address.'], other: ['x']}}),
    ).toEqual({
      ok: false,
      message: 'Please enter a valid email address.',
      fieldErrors: {email: ['Please enter a valid email address.']},
    })
  })

  it("shows the server's reason for 409 and 429", () => {
    expect(waitlistOutcome(429, {error: 'Too many requests. Please try again in a few minutes.'})).toMatchObject({
      ok: false,
      message: 'Too many requests. Please try again in a few minutes.',
    })
    expect(waitlistOutcome(409, {error: 'The waitlist of this batch is full'})).toMatchObject({ok: false, message: 'The waitlist of this batch is full'})
  })

  it('falls back to its own message for 5xx, no connection and unreadable answers', () => {
    expect(waitlistOutcome(500, {error: 'boom'})).toEqual({ok: false, message: WAITLIST_FAILED, fieldErrors: {}})
    expect(waitlistOutcome(0, null)).toEqual({ok: false, message: WAITLIST_FAILED, fieldErrors: {}})
    expect(waitlistOutcome(200, {position: 0})).toEqual({ok: false, message: WAITLIST_FAILED, fieldErrors: {}})
  })
})
