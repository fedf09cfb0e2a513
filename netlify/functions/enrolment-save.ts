/** POST /api/enroll/save — see netlify/lib/payments/save.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {reportPaymentsConfigAtStartup} from '../lib/payments/config'
import {saveEnrolment} from '../lib/payments/save'

reportPaymentsConfigAtStartup()

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  return saveEnrolment(request)
})

export const config: Config = {path: '/api/enroll/save', method: 'POST'}
