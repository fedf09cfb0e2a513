/**
 * POST /api/waitlist: JSON {batchId, name, email, mobile} → 200 {batchId, status:
 * 'waiting', position}. Invalid fields or a batch that cannot be waited for → 400 naming the
 * field; not JSON → 415; over 8 KB → 413; over the client's limit → 429 with Retry-After; the
 * batch's waitlist full → 409. See netlify/services/waitlist/waitlist.ts.
 */
import type {Config} from '@netlify/functions'
import {WaitlistSchema} from '#schemas/contracts/batches'
import {joinWaitlist} from '../services/waitlist/waitlist'
import {clientAddress, handle, json, readJson, requireMethod} from '../platform/http'

/** A waitlist request is a few hundred bytes. */
const MAX_WAITLIST_BYTES = 8 * 1024

export default handle(async (request: Request, context: {ip?: string}) => {
  requireMethod(request, 'POST')
  const submission = await readJson(request, WaitlistSchema, MAX_WAITLIST_BYTES)
  return json(await joinWaitlist(submission, {client: clientAddress(request, context)}))
})

export const config: Config = {path: '/api/waitlist', method: 'POST'}
