/** POST /api/enroll/save — see netlify/services/payments/save.ts. */
import type {Config} from '@netlify/functions'
import {SaveEnrolmentSchema} from '#schemas/contracts/enrolment'
import {handle, HttpError, json, parseWith, readBody, readJson, requireMethod} from '../platform/http'
import {reportPaymentsConfigAtStartup} from '../platform/payments/config'
import {paymentGateway} from '../platform/payments/gateway'
import type {ReceiptOptions} from '../services/enrolments/paid-enrolment'
import {saveEnrolment, type SaveInput} from '../services/payments/save'

reportPaymentsConfigAtStartup()

/** Largest multipart body read (bytes): a function takes 6 MB per request once base64-encoded. */
export const MAX_MULTIPART_BYTES = 4_500_000

/**
 * The body: JSON (SaveEnrolmentSchema), or multipart/form-data with the same fields as text and
 * documents under `files`. 415 another type, 413 too large, 400 unreadable or invalid.
 */
async function readSave(request: Request): Promise<SaveInput> {
  const type = request.headers.get('content-type') ?? ''
  if (/^application\/json\b/i.test(type)) return {body: await readJson(request, SaveEnrolmentSchema), files: []}
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, 'Send the body as application/json or multipart/form-data')

  const raw = await readBody(request, MAX_MULTIPART_BYTES)
  let form: FormData
  try {
    form = await new Response(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer, {headers: {'content-type': type}}).formData()
  } catch {
    throw new HttpError(400, 'The form data could not be read')
  }
  const fields: Record<string, string> = {}
  const files: File[] = []
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      if (name !== 'files') fields[name] = value
    } else if (name === 'files') {
      files.push(value)
    }
  }
  return {body: parseWith(SaveEnrolmentSchema, fields), files}
}

/** The handler with the receipt's options (tests: a stub PDF renderer): 405, 503 not configured, then the body and the use case. */
export function saveEndpoint(options: ReceiptOptions = {}) {
  return async (request: Request): Promise<Response> => {
    requireMethod(request, 'POST')
    const gateway = paymentGateway()
    return json(await saveEnrolment(await readSave(request), {...options, gateway}))
  }
}

export default handle(saveEndpoint())

export const config: Config = {path: '/api/enroll/save', method: 'POST'}
