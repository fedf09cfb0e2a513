/** POST /api/enroll/save — see netlify/services/payments/save.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {reportPaymentsConfigAtStartup} from '../platform/payments/config'
import {saveEnrolment} from '../services/payments/save'

reportPaymentsConfigAtStartup()

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  return saveEnrolment(request)
})

export const config: Config = {path: '/api/enroll/save', method: 'POST'}
