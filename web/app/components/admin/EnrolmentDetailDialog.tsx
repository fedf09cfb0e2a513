/**
 * One enrolment in full (beyond the spec): every field, the status, the order and
 * payment ids, the terms accepted (when, and the legal pages' versions), the follow-up (./EnrolmentFollowUp.tsx: status moves, notes, history),
 * the refunds (./EnrolmentRefunds.tsx: each refund, "Refund…" with a confirm step;
 * each change of either is handed to `onChange` so the list's row follows), the cadetship's
 * installments (./EnrolmentInstallments.tsx: states, "Request installment 2"), the certificate
 * (./EnrolmentCertificate.tsx: "Issue certificate" once completed, PDF, Revoke), a candidate's request for
 * another date (./EnrolmentDateChange.tsx: "Approve", "Decline"), the name, date of birth and
 * nationality for certificates once the candidate corrected them in My training, and the cadetship
 * documents (those the candidate added there say so, with when),
 * each downloaded with the bearer token (fetched as a blob and saved through an object URL), or
 * "Documents deleted on {date}" once the retention period removed them
 * (docs/requirements.md#req-document-retention). In
 * ./AdminDialog.tsx's modal frame: the page behind is inert, Escape closes it and focus returns
 * to the row's 'View' button.
 */
import {useEffect, useId, useState} from 'react'
import {AdminDialog, DetailFields} from './AdminDialog'
import {downloadDocument, fetchEnrolmentDetail, UnauthorizedError} from './api'
import {AdminApiError} from './admin-fetch'
import {EnrolmentFollowUp} from './EnrolmentFollowUp'
import {EnrolmentRefunds} from './EnrolmentRefunds'
import {EnrolmentInstallments} from './EnrolmentInstallments'
import {EnrolmentCertificate} from './EnrolmentCertificate'
import {EnrolmentDateChange} from './EnrolmentDateChange'
import {formatDateTime, formatMoney} from '#schemas/rules/format'
import type {EnrolmentDetail, EnrolmentSummary} from '#schemas/contracts/admin'
import type {Attachment} from '#schemas/contracts/uploads'
import {BatchFlags, StatusBadge} from './parts'
import {batchDateRange} from '#schemas/rules/batches'
import {describeTermsAcceptance} from '#schemas/rules/terms'
import {useCan} from './AdminArea'

function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return ''
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

export function EnrolmentDetailDialog({
  record,
  token,
  onClose,
  onUnauthorized,
  onChange,
}: {
  record: EnrolmentSummary
  token: string
  onClose: () => void
  onUnauthorized: () => void
  /** After a follow-up change or a refund: the list row's new fields. */
  onChange?: (changes: Partial<EnrolmentSummary>) => void
}) {
  const can = useCan()
  const ids = useId()
  const [detail, setDetail] = useState<EnrolmentDetail | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [downloading, setDownloading] = useState<string | null>(null)
  const [downloadError, setDownloadError] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    fetchEnrolmentDetail(token, record.orderId, controller.signal)
      .then(setDetail)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof UnauthorizedError) onUnauthorized()
        else setLoadError('The full record and its documents could not be loaded.')
      })
    return () => controller.abort()
  }, [token, record.orderId, onUnauthorized])

  async function download(attachment: Attachment) {
    setDownloading(attachment.uploadId)
    setDownloadError(null)
    try {
      await downloadDocument(token, record.orderId, attachment.uploadId, attachment.fileName || attachment.uploadId)
    } catch (error) {
      if (error instanceof UnauthorizedError) return onUnauthorized()
      // 410: deleted under the retention period since the dialog opened; the server says when.
      setDownloadError(
        error instanceof AdminApiError && error.status === 410 ? error.message : `${attachment.fileName} could not be downloaded. Please try again.`,
      )
    } finally {
      setDownloading(null)
    }
  }

  function updated(next: EnrolmentDetail) {
    setDetail(next)
    const refunds = (next.refunds ?? []).map(({createdAt, amount, status}) => ({createdAt, amount, status}))
    onChange?.({
      status: next.status,
      updatedAt: next.updatedAt,
      historyCount: next.history?.length ?? 0,
      refunds: refunds.length > 0 ? refunds : undefined,
    })
  }

  // A list row's `country` is the jurisdiction's name; the full record's is its key (countryName is the name).
  const {history: _history, ...detailFields} = detail ?? {history: []}
  const shown: EnrolmentSummary = {...record, ...detailFields, country: detail ? detail.countryName : record.country}
  const attachments = detail?.attachments ?? []
  const fields: [string, string][] = [
    ['Name', shown.name],
    ['Email', shown.email],
    ['Mobile', shown.mobile],
    ['Training program', shown.trainingProgramName],
    ['Course', shown.courseName],
    ...(shown.batch
      ? ([
          ['Batch dates', batchDateRange(shown.batch)],
          ['Batch city', shown.batch.city || '—'],
          ['Venue', shown.batch.venue || '—'],
        ] as [string, string][])
      : ([['Batch', 'Dates on request (no batch chosen)']] as [string, string][])),
    ['Country', shown.country || '—'],
    ['Amount', formatMoney(Number(shown.amount), shown.currency || 'USD')],
    ['Enrolled at', formatDateTime(shown.createdAt)],
    ['Paid at', shown.paidAt ? formatDateTime(shown.paidAt) : 'Not paid yet'],
    ['Receipt number', shown.receiptNumber || '—'],
    ...(detail?.certificateHolder
      ? ([
          ['Name for certificates', detail.certificateHolder.name],
          ['Date of birth', detail.certificateHolder.dateOfBirth],
          ['Nationality', detail.certificateHolder.nationality],
        ] as [string, string][])
      : []),
    ['Terms accepted', detail ? describeTermsAcceptance(detail.termsAcceptance) : '—'],
    ['Order ID', shown.orderId],
    ['Payment ID', shown.paymentId || '—'],
    ...(shown._id && shown._id !== shown.orderId ? ([['Record ID', shown._id]] as [string, string][]) : []),
  ]

  return (
    <AdminDialog
      title={shown.name}
      subtitle={
        <>
          <StatusBadge status={shown.status} /> <span>{shown.courseName}</span>
          <BatchFlags overCapacity={shown.overCapacity} batchCancelled={record.batchCancelled} />
        </>
      }
      closeLabel="Close details"
      onClose={onClose}
    >
      <DetailFields fields={fields} />
      {detail ? (
        <>
          {can('enrolments:update') ? <EnrolmentFollowUp detail={detail} token={token} onUpdated={updated} onUnauthorized={onUnauthorized} /> : null}
          {can('enrolments:update') ? <EnrolmentDateChange detail={detail} token={token} onUpdated={updated} onUnauthorized={onUnauthorized} /> : null}
          {can('refunds:create') ? <EnrolmentRefunds detail={detail} token={token} onUpdated={updated} onUnauthorized={onUnauthorized} /> : null}
          {can('installments:create') ? <EnrolmentInstallments detail={detail} token={token} onUpdated={updated} onUnauthorized={onUnauthorized} /> : null}
          {can('certificates:issue') ? <EnrolmentCertificate detail={detail} token={token} onUpdated={updated} onUnauthorized={onUnauthorized} /> : null}
        </>
      ) : loadError ? null : (
        <p role="status" className="mt-6 border-t border-slate-200 pt-5 text-sm text-slate-600">
          Loading the status and history...
        </p>
      )}
      <section aria-labelledby={`${ids}-docs`} className="mt-6 border-t border-slate-200 pt-5">
        <h3 id={`${ids}-docs`} className="text-base font-semibold text-navy-900">
          Cadetship documents
        </h3>
        {loadError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {loadError}
          </p>
        ) : !detail ? (
          <p role="status" className="mt-2 text-sm text-slate-600">
            Loading documents...
          </p>
        ) : detail.documentsDeletedAt ? (
          <p className="mt-2 text-sm text-slate-600">Documents deleted on {formatDateTime(detail.documentsDeletedAt)}</p>
        ) : !can('documents:read') ? (
          <p className="mt-2 text-sm text-slate-600">Your role does not open candidates’ documents.</p>
        ) : attachments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No documents were uploaded with this enrolment.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {attachments.map((attachment) => (
              <li key={attachment.uploadId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-navy-900">{attachment.fileName}</p>
                  <p className="text-xs text-slate-600">
                    {attachment.contentType} · {formatSize(attachment.size)}
                    {attachment.addedBy === 'candidate' && attachment.addedAt ? ` · added by the candidate on ${formatDateTime(attachment.addedAt)}` : ''}
                    {attachment.checklistItem ? ` · ${attachment.checklistItem}` : ''}
                  </p>
                </div>
                <button type="button" className="btn-outline min-h-10 px-3 py-1.5" disabled={downloading !== null} onClick={() => download(attachment)}>
                  {downloading === attachment.uploadId ? 'Downloading...' : 'Download'}
                  <span className="sr-only"> {attachment.fileName}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {downloadError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {downloadError}
          </p>
        ) : null}
      </section>
    </AdminDialog>
  )
}
