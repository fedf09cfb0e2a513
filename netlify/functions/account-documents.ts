/**
 * POST /api/account/enrolments/:orderId/documents {uploadId, checklistItem?} — attaches a completed
 * upload (POST /api/enroll/upload …/complete) to the signed-in candidate's cadetship enrolment
 * (docs/requirements.md#req-account; netlify/services/account/documents.ts addDocument):
 * 201 AddDocumentResponse; 401 "Please sign in again" without a live session; 404 "Not found" for
 * an order that is not theirs; 400 an unknown or incomplete upload, an item not on the checklist;
 * 409 past 5 documents (the spec's "Some files were skipped …" message), an upload attached to
 * another enrolment, a closed or non-cadetship enrolment. Staff are e-mailed the document's name.
 * Personal: no-store, noindex.
 */
import type {Config} from '@netlify/functions'
import {AddDocumentRequestSchema} from '#schemas/contracts/account'
import {readAccountCookie} from '../platform/account-cookie'
import {siteOrigin} from '../platform/env'
import {handle, json, readJson, requireMethod} from '../platform/http'
import {addDocument} from '../services/account/documents'
import {requireCandidate} from '../services/account/sessions'

const PERSONAL = {'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow'}

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  const candidate = await requireCandidate(readAccountCookie(request))
  const input = await readJson(request, AddDocumentRequestSchema)
  const added = await addDocument(candidate.email, context.params?.orderId ?? '', input, {origin: siteOrigin(request)})
  return json(added, {status: 201, headers: PERSONAL})
})

export const config: Config = {path: '/api/account/enrolments/:orderId/documents', method: 'POST'}
