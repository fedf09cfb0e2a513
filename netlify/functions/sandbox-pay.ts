/** POST /api/sandbox/pay — the sandbox checkout's server side; 404 in production and with Razorpay keys. See netlify/services/payments/sandbox.ts. */
import type {Config} from '@netlify/functions'
import {SandboxPaySchema} from '#schemas/contracts/enrolment'
import {handle, json, readJson, requireMethod} from '../platform/http'
import {requireSandbox, sandboxPay} from '../services/payments/sandbox'

/** 405 other methods; 404 where the sandbox does not run (before the body is read); 415/413/400 the body; then the use case. */
export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  const config = requireSandbox()
  return json(await sandboxPay(await readJson(request, SandboxPaySchema), config))
})

export const config: Config = {path: '/api/sandbox/pay', method: 'POST'}
