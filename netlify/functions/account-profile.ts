/**
 * PATCH /api/account/profile {name, dateOfBirth, nationality} — the signed-in candidate corrects
 * their name as printed on certificates (as on the passport), date of birth (YYYY-MM-DD, a real
 * day in the past, an age of 16 to 100) and nationality (docs/requirements.md#req-account;
 * netlify/services/account/documents.ts updateProfile): 200 PortalProfile; 400 naming the field;
 * 401 "Please sign in again" without a live session; 404 with nothing under the address; 409 once
 * a certificate was issued under the address. Every change is in the enrolments' history.
 * Personal: no-store, noindex.
 */
import type {Config} from '@netlify/functions'
import {profileUpdateSchema} from '#schemas/contracts/account'
import {providerToday} from '#schemas/rules/batches'
import {readAccountCookie} from '../platform/account-cookie'
import {handle, json, readJson, requireMethod} from '../platform/http'
import {updateProfile} from '../services/account/documents'
import {requireCandidate} from '../services/account/sessions'

const PERSONAL = {'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow'}

export default handle(async (request: Request) => {
  requireMethod(request, 'PATCH')
  const candidate = await requireCandidate(readAccountCookie(request))
  const now = new Date()
  const update = await readJson(request, profileUpdateSchema(providerToday(now)))
  return json(await updateProfile(candidate.email, update, now), {headers: PERSONAL})
})

export const config: Config = {path: '/api/account/profile', method: 'PATCH'}
