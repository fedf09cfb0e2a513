/**
 * POST /api/admin/privacy/erase {email, reason, confirm, objection?} — erases a person's data
 * (owner: 'privacy:manage'): 200 `{erased: {kind: count}}` (all 0 when the address was erased
 * before). Written to the audit log (`privacy-erasure`, target `person:{SHA-256 of the address}`,
 * the counts, the reason and the objection). 400 a bad address, no reason, or `confirm` not the
 * address; 404 nothing names it and it was never erased; 409 a payment of theirs is pending (the
 * reason); 415 not JSON. See netlify/services/privacy/erasure.ts.
 */
import type {Config} from '@netlify/functions'
import {MAX_PRIVACY_BODY_BYTES, PrivacyEraseRequestSchema, type PrivacyEraseResponse} from '#schemas/contracts/privacy'
import {guardedHandle, json, readJson, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {erasePerson} from '../services/privacy/erasure'
import {auditStaff, staffActor} from '../services/staff/audit-trail'

export default guardedHandle('privacy:manage', authorizeStaff, async (request: Request, _context: unknown, staff: StaffPrincipal) => {
  requireMethod(request, 'POST')
  const body = await readJson(request, PrivacyEraseRequestSchema, MAX_PRIVACY_BODY_BYTES)
  const {erased, emailHash} = await erasePerson(body, {actor: staffActor(staff)})
  await auditStaff(staff, 'privacy-erasure', {type: 'person', id: emailHash}, {erased, reason: body.reason, objection: body.objection})
  return json({erased} satisfies PrivacyEraseResponse)
})

export const config: Config = {path: '/api/admin/privacy/erase', method: 'POST'}
