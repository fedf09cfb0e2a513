/**
 * The browser's side of a batch's waitlist (docs/requirements.md#req-batches-form):
 * POST /api/waitlist `{batchId, name, email, mobile}` (schemas/contracts/batches.ts WaitlistSchema) and
 * what its answer means for the form. No money is taken. Browser-only: no server imports.
 */
import {WaitlistResponseSchema, type WaitlistRequest} from '#schemas/contracts/batches'
import {ApiErrorSchema} from '#schemas/contracts/errors'

/** What the waitlist form shows after a submit. */
export type WaitlistOutcome =
  {ok: true; position: number} | {ok: false; message: string; fieldErrors: Partial<Record<'name' | 'email' | 'mobile' | 'batchId', string[]>>}

/** The message when the call fails without a readable reason (network, 5xx, an unreadable body). */
export const WAITLIST_FAILED = 'We could not add you to the waitlist. Please try again, or contact us.'

/**
 * The outcome of an answer (`status`, parsed JSON body or null): 200 with a place → its position;
 * 400 → the server's message and its field errors; 409, 429 and other 4xx → the server's message;
 * anything else → WAITLIST_FAILED.
 */
export function waitlistOutcome(status: number, body: unknown): WaitlistOutcome {
  if (status === 200) {
    const place = WaitlistResponseSchema.safeParse(body)
    if (place.success) return {ok: true, position: place.data.position}
  }
  const error = ApiErrorSchema.safeParse(body)
  if (status >= 400 && status < 500 && error.success) {
    const details = error.data.details ?? {}
    const fieldErrors = Object.fromEntries(
      (['name', 'email', 'mobile', 'batchId'] as const).flatMap((name) => (details[name]?.length ? [[name, details[name]]] : [])),
    )
    return {ok: false, message: error.data.error, fieldErrors}
  }
  return {ok: false, message: WAITLIST_FAILED, fieldErrors: {}}
}

/** Sends the waitlist request; never throws. */
export async function joinWaitlist(request: WaitlistRequest): Promise<WaitlistOutcome> {
  try {
    const response = await fetch('/api/waitlist', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(request)})
    return waitlistOutcome(response.status, await response.json().catch(() => null))
  } catch {
    return waitlistOutcome(0, null)
  }
}
