/**
 * The documents of a cadetship enrolment in My training: the checklist, what is uploaded, and
 * "Add document".
 */
import type {PortalDocuments} from '#schemas/contracts/account'

export function DocumentsPanel({orderId, documents}: {orderId: string; documents: PortalDocuments}) {
  return (
    <div id={`documents-${orderId}`} className="mt-4">
      <h4 className="font-semibold text-navy-900">Documents</h4>
      <p className="text-sm text-slate-700">{documents.uploaded.length} uploaded</p>
    </div>
  )
}
