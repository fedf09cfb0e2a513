/** POST /api/enroll/create-order — see netlify/services/payments/create-order.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {reportPaymentsConfigAtStartup} from '../platform/payments/config'
import {createEnrolmentOrder} from '../services/payments/create-order'

reportPaymentsConfigAtStartup()

export default handle(async (request: Request, context: {ip?: string}) => {
  requireMethod(request, 'POST')
  return createEnrolmentOrder(request, context)
})

export const config: Config = {path: '/api/enroll/create-order', method: 'POST'}
