/**
 * GET /api/admin/outbox — the outgoing e-mail, newest first (bearer token); with `page` or
 * `pageSize` one page of the matching messages (OutboxListQuerySchema → OutboxPageSchema; 400
 * naming a bad parameter); see netlify/services/admin/outbox.ts.
 */
import type {Config} from '@netlify/functions'
import {isPagedCall} from '#schemas/contracts/list-query'
import {OutboxListQuerySchema} from '#schemas/contracts/outbox'
import {guardedHandle, json, readListQuery, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {listOutboxForStaff, outboxPageForStaff} from '../services/admin/outbox'

export default guardedHandle('outbox:read', authorizeStaff, async (request: Request, _context: unknown, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  if (!isPagedCall(new URL(request.url).searchParams)) return json(await listOutboxForStaff())
  return json(await outboxPageForStaff(readListQuery(request, OutboxListQuerySchema)))
})

export const config: Config = {path: '/api/admin/outbox', method: 'GET'}
