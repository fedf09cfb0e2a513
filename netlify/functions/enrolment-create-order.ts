/** POST /api/enroll/create-order — see netlify/lib/payments/create-order.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {reportPaymentsConfigAtStartup} from '../lib/payments/config'
import {createEnrolmentOrder} from '../lib/payments/create-order'

reportPaymentsConfigAtStartup()

export default handle(async (request: Request, context: {ip?: string}) => {
  requireMethod(request, 'POST')
  return createEnrolmentOrder(request, context)
})

export const config: Config = {path: '/api/enroll/create-order', method: 'POST'}
