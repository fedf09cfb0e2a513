/**
 * GET /api/admin/privacy?email= — the records that name a person, by kind (owner:
 * 'privacy:manage'): 200 PrivacyLookupSchema (schemas/contracts/privacy.ts). 400 for a missing or
 * malformed address, 404 `No records name this e-mail address` when nothing names it and it was
 * never erased. A look-up that found the person shows their data, so it is audited (`privacy-lookup`,
 * target `person:{SHA-256 of the address}`, the counts). See netlify/services/privacy/lookup.ts.
 */
import type {Config} from '@netlify/functions'
import {PrivacyLookupQuerySchema, type PrivacyLookup} from '#schemas/contracts/privacy'
import {guardedHandle, json, parseWith, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {lookupPerson} from '../services/privacy/lookup'
import {auditStaff} from '../services/staff/audit-trail'

export default guardedHandle('privacy:manage', authorizeStaff, async (request: Request, _context: unknown, staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  const {email} = parseWith(PrivacyLookupQuerySchema, {email: new URL(request.url).searchParams.get('email') ?? undefined})
  const {found: _found, ...lookup} = await lookupPerson(email)
  await auditStaff(staff, 'privacy-lookup', {type: 'person', id: lookup.emailHash}, {counts: lookup.counts})
  return json(lookup satisfies PrivacyLookup)
})

export const config: Config = {path: '/api/admin/privacy', method: 'GET'}
