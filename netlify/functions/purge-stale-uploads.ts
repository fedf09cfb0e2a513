/**
 * Scheduled (hourly): deletes document uploads that never completed within 24 hours, so
 * abandoned chunks do not accumulate. Completed uploads are never touched.
 */
import type {Config} from '@netlify/functions'
import {purgeStaleUploads} from '../services/uploads/uploads'

export default async function purgeStaleUploadsJob(): Promise<Response> {
  const deleted = await purgeStaleUploads()
  if (deleted.length) console.log(`[purge-stale-uploads] deleted ${deleted.length} abandoned uploads`)
  return new Response(null, {status: 204})
}

export const config: Config = {schedule: '@hourly'}
