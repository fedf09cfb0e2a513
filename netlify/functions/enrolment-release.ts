/** POST /api/enroll/release — see netlify/lib/batches/release.ts. */
import type {Config} from '@netlify/functions'
import {handleRelease} from '../lib/batches/release'
import {handle, requireMethod} from '../lib/http'

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  return handleRelease(request)
})

export const config: Config = {path: '/api/enroll/release', method: 'POST'}
