/**
 * The documents of a cadetship enrolment in My training (docs/requirements.md#req-account): the
 * checklist from the content, each item ticked once a document covers it, the documents
 * uploaded (with the enrolment form, or added here), and "Add document" while the enrolment is
 * open and has room (5 in all).
 *
 * "Add document": which checklist item it is (or another document) and the file. The file is
 * checked with the shared rule first (PDF, DOC/DOCX, JPG, PNG; 10MB: the spec's message when
 * refused), goes up through the enrolment form's chunked upload (~/lib/upload-client.ts, with
 * progress), then POST /api/account/enrolments/{orderId}/documents attaches it; the server's
 * refusal is shown as it says it (role="alert"), success is announced (role="status") and the
 * page's data is reloaded.
 */
import {useRevalidator} from '@remix-run/react'
import {useId, useRef, useState, type FormEvent} from 'react'
import type {AddDocumentResponse, PortalDocuments, PortalUpload} from '#schemas/contracts/account'
import {ALLOWED_TYPES_TEXT, DOCUMENT_ACCEPT, FILES_SKIPPED_MESSAGE, MAX_DOCUMENT_MB, MAX_DOCUMENTS, checkFiles, formatFileSize} from '#schemas/rules/documents'
import {formatProviderDateTime} from '#schemas/rules/receipt-format'
import {uploadFile, UploadError} from '~/lib/upload-client'
import {sendJson} from './send-json'
import {FormError} from './FormError'

/** The select's value for a document that is not on the checklist. */
const OTHER = ''

type Busy = {phase: 'uploading'; percent: number} | {phase: 'attaching'} | null

function uploadedLine(upload: PortalUpload): string {
  const when = upload.addedBy === 'candidate' && upload.addedAt ? `added by you on ${formatProviderDateTime(upload.addedAt)}` : 'sent with your enrolment'
  return `${formatFileSize(upload.size)} · ${when}${upload.checklistItem ? ` · ${upload.checklistItem}` : ''}`
}

export function DocumentsPanel({orderId, documents}: {orderId: string; documents: PortalDocuments}) {
  const ids = useId()
  const revalidator = useRevalidator()
  const fileRef = useRef<HTMLInputElement>(null)
  const [item, setItem] = useState<string>(documents.missing[0] ?? OTHER)
  const [busy, setBusy] = useState<Busy>(null)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const headingId = `documents-${orderId}`
  const missing = new Set(documents.missing)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setError(null)
    setStatus('')
    const file = fileRef.current?.files?.[0]
    if (!file) {
      setError('Choose a file to upload.')
      fileRef.current?.focus()
      return
    }
    const {skipped} = checkFiles([file], MAX_DOCUMENTS - documents.remaining)
    if (skipped.length > 0) {
      setError(FILES_SKIPPED_MESSAGE)
      return
    }
    try {
      setBusy({phase: 'uploading', percent: 0})
      const completed = await uploadFile(file, {onProgress: ({fraction}) => setBusy({phase: 'uploading', percent: Math.floor(fraction * 100)})})
      setBusy({phase: 'attaching'})
      const answer = await sendJson<AddDocumentResponse>('POST', `/api/account/enrolments/${encodeURIComponent(orderId)}/documents`, {
        uploadId: completed.uploadId,
        checklistItem: item === OTHER ? null : item,
      })
      if (!answer.ok) {
        setError(answer.message)
        return
      }
      setStatus(`${answer.data.document.fileName} added. We have told our staff.`)
      if (fileRef.current) fileRef.current.value = ''
      revalidator.revalidate()
    } catch (caught) {
      setError(caught instanceof UploadError ? caught.message : 'The upload failed. Please try again.')
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-5 border-t border-slate-200 pt-4">
      <h4 id={headingId} className="scroll-mt-24 font-semibold text-navy-900">
        Documents
      </h4>
      {documents.checklist.length > 0 ? (
        <>
          <p className="mt-1 text-sm text-slate-700">What we need from you:</p>
          <ul className="mt-2 grid gap-1 text-sm" aria-label="Document checklist">
            {documents.checklist.map((entry) => {
              // Ticks only while documents can be added: a closed enrolment asks for nothing.
              const done = documents.canAdd && !missing.has(entry)
              return (
                <li key={entry} className="flex items-start gap-2">
                  <span aria-hidden="true" className={done ? 'text-emerald-700' : 'text-slate-500'}>
                    {done ? '✓' : '○'}
                  </span>
                  <span className="text-slate-900">
                    {entry}
                    {documents.canAdd ? <span className="sr-only">{done ? ' (uploaded)' : ' (missing)'}</span> : null}
                  </span>
                </li>
              )
            })}
          </ul>
        </>
      ) : null}

      <h5 className="mt-3 text-sm font-semibold text-navy-900">Uploaded</h5>
      {documents.uploaded.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No documents yet.</p>
      ) : (
        <ul className="mt-1 grid gap-2 text-sm" aria-label="Uploaded documents">
          {documents.uploaded.map((upload) => (
            <li key={upload.uploadId} className="rounded-lg bg-slate-50 px-3 py-2">
              <p className="font-medium break-all text-navy-900">{upload.fileName}</p>
              <p className="text-xs text-slate-700">{uploadedLine(upload)}</p>
            </li>
          ))}
        </ul>
      )}

      {documents.canAdd ? (
        <form onSubmit={submit} noValidate className="mt-4 grid gap-3 rounded-xl border border-slate-200 p-4" aria-labelledby={`${ids}-add`}>
          <h5 id={`${ids}-add`} className="text-sm font-semibold text-navy-900">
            Add a document
          </h5>
          <p id={`${ids}-hint`} className="text-xs text-slate-600">
            {ALLOWED_TYPES_TEXT} · up to {MAX_DOCUMENT_MB}MB · {documents.remaining} of {MAX_DOCUMENTS} places left
          </p>
          {documents.checklist.length > 0 ? (
            <div>
              <label htmlFor={`${ids}-item`} className="block text-sm font-semibold text-navy-900">
                Which document is this?
              </label>
              <select
                id={`${ids}-item`}
                value={item}
                onChange={(event) => setItem(event.currentTarget.value)}
                disabled={busy !== null}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
              >
                {documents.checklist.map((entry) => (
                  <option key={entry} value={entry}>
                    {entry}
                  </option>
                ))}
                <option value={OTHER}>Another document</option>
              </select>
            </div>
          ) : null}
          <div>
            <label htmlFor={`${ids}-file`} className="block text-sm font-semibold text-navy-900">
              File
            </label>
            <input
              ref={fileRef}
              id={`${ids}-file`}
              type="file"
              accept={DOCUMENT_ACCEPT}
              disabled={busy !== null}
              aria-describedby={`${ids}-hint`}
              aria-invalid={error ? true : undefined}
              className="mt-1 block min-h-11 w-full text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-ocean-100 file:px-4 file:font-semibold file:text-navy-900"
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary min-h-11 disabled:cursor-wait disabled:opacity-70" disabled={busy !== null}>
              {busy?.phase === 'uploading' ? `Uploading… ${busy.percent}%` : busy?.phase === 'attaching' ? 'Adding…' : 'Add document'}
            </button>
          </div>
          <FormError message={error} />
        </form>
      ) : documents.remaining === 0 ? (
        <p className="mt-3 text-sm text-slate-700">All {MAX_DOCUMENTS} places are used. To replace a document, please contact us.</p>
      ) : null}
      <p role="status" className="mt-2 text-sm font-medium text-emerald-800 empty:hidden">
        {status}
      </p>
    </section>
  )
}
