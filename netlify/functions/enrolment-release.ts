/**
 * POST /api/enroll/release {orderId} — gives the order's seat hold back at once (the payment failed
 * or was dismissed): 200 ReleaseResponse; 404 unknown order; 400/413/415 bad body. See
 * netlify/services/seats/release.ts.
 */
import type {Config} from '@netlify/functions'
import {ReleaseSchema} from '#schemas/contracts/enrolment'
import {MAX_RELEASE_BYTES, releaseOrderSeat} from '../services/seats/release'
import {handle, json, readJson, requireMethod} from '../platform/http'

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  const {orderId} = await readJson(request, ReleaseSchema, MAX_RELEASE_BYTES)
  return json(await releaseOrderSeat(orderId))
})

export const config: Config = {path: '/api/enroll/release', method: 'POST'}
