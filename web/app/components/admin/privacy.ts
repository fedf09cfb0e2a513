/**
 * The privacy requests page's client and words (docs/requirements.md#req-privacy), free of React:
 *
 * - `lookupPrivacy(token, email, signal)`: GET /api/admin/privacy?email= → PrivacyLookup
 *   (schemas/contracts/privacy.ts). 400 and 404 show the server's message.
 * - `downloadPrivacyExport(token, email)`: POST /api/admin/privacy/export, the zip saved through
 *   an object URL (a plain link could not send the bearer header) under the server's file name.
 * - `erasePrivacy(token, body)`: POST /api/admin/privacy/erase → `{erased}`; 400, 404 and 409
 *   (a payment pending) show the server's message.
 * - `eraseFormProblems(form)`: the erase form's problems per field, by the same zod schema the
 *   server uses, before asking it.
 * - `listErasureRequests(token, signal)`: GET /api/admin/privacy/requests → the pending requests
 *   candidates made in My training.
 * A 401 throws UnauthorizedError (the page signs out).
 */
import {
  PRIVACY_KIND_LABELS,
  PRIVACY_KINDS,
  PrivacyEmailSchema,
  PrivacyEraseRequestSchema,
  PrivacyEraseResponseSchema,
  PrivacyLookupSchema,
  privacyExportFileName,
  type PrivacyCounts,
  type PrivacyEraseResponse,
  type PrivacyLookup,
} from '#schemas/contracts/privacy'
import {ErasureRequestListSchema, type ErasureRequestList} from '#schemas/contracts/account-sections'
import {adminFetch, adminRequest, clientErrors} from './admin-fetch'
import {saveBlob} from './api'

export const PRIVACY_MESSAGES = {
  lookupFailed: 'The records could not be looked up. Please try again.',
  exportFailed: 'The export could not be downloaded. Please try again.',
  eraseFailed: 'The erasure did not go through. Please try again.',
} as const

/** The records naming `email` (see the module comment). */
export function lookupPrivacy(token: string, email: string, signal?: AbortSignal): Promise<PrivacyLookup> {
  return adminFetch(`/api/admin/privacy?${new URLSearchParams({email})}`, {
    token,
    signal,
    schema: PrivacyLookupSchema,
    failed: PRIVACY_MESSAGES.lookupFailed,
    serverMessage: clientErrors,
  })
}

/** The file name of a Content-Disposition header (`filename="…"`), or null. */
export function dispositionFileName(header: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(header ?? '')
  return match ? match[1]! : null
}

/** Downloads the export of `email` and saves it; resolves to the file name. */
export async function downloadPrivacyExport(token: string, email: string, emailHash: string): Promise<string> {
  const response = await adminRequest('/api/admin/privacy/export', {
    token,
    method: 'POST',
    body: {email},
    headers: {Accept: 'application/zip'},
    failed: PRIVACY_MESSAGES.exportFailed,
    serverMessage: clientErrors,
  })
  const fileName = dispositionFileName(response.headers.get('content-disposition')) ?? privacyExportFileName(emailHash, new Date())
  saveBlob(await response.blob(), fileName)
  return fileName
}

/** What the erase form holds, as typed. */
export type EraseForm = {email: string; reason: string; confirm: string; objection: boolean}

/** Erases the person (see the module comment). */
export function erasePrivacy(token: string, form: EraseForm): Promise<PrivacyEraseResponse> {
  return adminFetch('/api/admin/privacy/erase', {
    token,
    method: 'POST',
    body: {email: form.email, reason: form.reason.trim(), confirm: form.confirm.trim(), objection: form.objection},
    schema: PrivacyEraseResponseSchema,
    failed: PRIVACY_MESSAGES.eraseFailed,
    serverMessage: clientErrors,
  })
}

/** The look-up field's problem, or null. */
export function emailProblem(email: string): string | null {
  const parsed = PrivacyEmailSchema.safeParse(email)
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address')
}

/** The erase form's first problem per field (reason, confirm), or an empty object. */
export function eraseFormProblems(form: EraseForm): Partial<Record<'reason' | 'confirm', string>> {
  const parsed = PrivacyEraseRequestSchema.safeParse(form)
  if (parsed.success) return {}
  const problems: Partial<Record<'reason' | 'confirm', string>> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if ((field === 'reason' || field === 'confirm') && !problems[field]) problems[field] = issue.message
  }
  return problems
}

/** "Enrolments: 1, Uploaded documents: 2" of the kinds with a count (or "nothing" when every count is 0). */
export function countsText(counts: PrivacyCounts): string {
  const parts = PRIVACY_KINDS.filter((kind) => counts[kind] > 0).map((kind) => `${PRIVACY_KIND_LABELS[kind]}: ${counts[kind]}`)
  return parts.length ? parts.join(', ') : 'nothing (already erased)'
}

/** '2026-11-25 08:00' of an ISO time (UTC), or '—'. */
export const privacyDateText = (at: string | null): string => (at ? `${at.slice(0, 10)}${at.length > 10 ? ` ${at.slice(11, 16)}` : ''}` : '—')

/** The pending "Ask us to erase my data" requests from My training: GET /api/admin/privacy/requests. */
export function listErasureRequests(token: string, signal?: AbortSignal): Promise<ErasureRequestList> {
  return adminFetch('/api/admin/privacy/requests', {
    token,
    signal,
    schema: ErasureRequestListSchema,
    failed: 'The erasure requests could not be loaded. Please try again.',
    serverMessage: clientErrors,
  })
}
