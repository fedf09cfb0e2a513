/**
 * GET /api/admin/payments — orders needing attention and the webhook log (bearer token); with
 * `page` or `pageSize` the webhook log paged (WebhookLogQuerySchema → PaymentsPageSchema; 400
 * naming a bad parameter); see netlify/services/admin/payments.ts.
 */
import type {Config} from '@netlify/functions'
import {isPagedCall} from '#schemas/contracts/list-query'
import {WebhookLogQuerySchema} from '#schemas/contracts/payments'
import {guardedHandle, json, readListQuery, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {paymentsOverviewForStaff, paymentsPageForStaff} from '../services/admin/payments'

export default guardedHandle('payments:read', authorizeStaff, async (request: Request, _context: unknown, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  if (!isPagedCall(new URL(request.url).searchParams)) return json(await paymentsOverviewForStaff())
  return json(await paymentsPageForStaff(readListQuery(request, WebhookLogQuerySchema)))
})

export const config: Config = {path: '/api/admin/payments', method: 'GET'}
