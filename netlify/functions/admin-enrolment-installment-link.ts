/** POST /api/admin/enrollments/:orderId/installments/:number/link — the payment link of a cadetship installment (bearer token; issue 17); see netlify/services/admin/installments.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {requestInstallmentLinkForAdmin} from '../services/admin/installments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return requestInstallmentLinkForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/installments/:number/link', method: 'POST'}
