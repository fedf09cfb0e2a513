/** POST /api/enroll/release — see netlify/services/seats/release.ts. */
import type {Config} from '@netlify/functions'
import {handleRelease} from '../services/seats/release'
import {handle, requireMethod} from '../platform/http'

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  return handleRelease(request)
})

export const config: Config = {path: '/api/enroll/release', method: 'POST'}
