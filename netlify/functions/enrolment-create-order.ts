/** POST /api/enroll/create-order — see netlify/services/payments/create-order.ts. */
import type {Config} from '@netlify/functions'
import {CreateOrderSchema} from '#schemas/contracts/enrolment'
import {clientAddress, handle, json, readJson, requireMethod} from '../platform/http'
import {reportPaymentsConfigAtStartup} from '../platform/payments/config'
import {paymentGateway} from '../platform/payments/gateway'
import {createEnrolmentOrder} from '../services/payments/create-order'

reportPaymentsConfigAtStartup()

/**
 * The edge: 405 other methods, 503 payments not configured (before the body is read), 415 not
 * JSON, 413 over 64 KB, 400 a form CreateOrderSchema refuses; then the use case's answer or error.
 */
export default handle(async (request: Request, context: {ip?: string}) => {
  requireMethod(request, 'POST')
  const gateway = paymentGateway()
  const form = await readJson(request, CreateOrderSchema)
  return json(await createEnrolmentOrder(form, {gateway, client: clientAddress(request, context)}))
})

export const config: Config = {path: '/api/enroll/create-order', method: 'POST'}
