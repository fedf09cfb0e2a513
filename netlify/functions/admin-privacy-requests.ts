/**
 * GET /api/admin/privacy/requests — the pending "Ask us to erase my data" requests from My
 * training, oldest first (owner: 'privacy:manage'): 200 ErasureRequestListSchema
 * (schemas/contracts/account-sections.ts) with each address, so the owner can look the person up
 * and erase; an erasure closes the request (netlify/services/privacy/erasure.ts). A read: the
 * erasure that follows is what the audit log records.
 */
import type {Config} from '@netlify/functions'
import type {ErasureRequestList} from '#schemas/contracts/account-sections'
import {guardedHandle, json, requireMethod} from '../platform/http'
import {authorizeStaff} from '../services/admin/auth'
import {listErasureRequests} from '../services/account/privacy'

export default guardedHandle('privacy:manage', authorizeStaff, async (request: Request) => {
  requireMethod(request, 'GET')
  const requests = await listErasureRequests()
  return json({requests} satisfies ErasureRequestList, {headers: {'Cache-Control': 'no-store'}})
})

export const config: Config = {path: '/api/admin/privacy/requests', method: 'GET'}
