/** POST /api/admin/enrollments/:orderId/installments/:number/link — the payment link of a cadetship installment (bearer token; issue 17); see netlify/lib/admin/installments.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {requestInstallmentLinkForAdmin} from '../lib/admin/installments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return requestInstallmentLinkForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/installments/:number/link', method: 'POST'}
