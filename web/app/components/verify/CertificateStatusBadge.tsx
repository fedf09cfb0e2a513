/**
 * A certificate's status as a badge: Valid, Expired or Revoked
 * (#schemas/rules/certificates STATUS_LABELS), on the public verify pages and in the admin register.
 * Text on its tint reaches 4.5:1; the word, never the colour alone, carries the status.
 */
import {STATUS_LABELS, type CertificateStatus} from '#schemas/rules/certificates'

const TONE: Record<CertificateStatus, string> = {
  valid: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  expired: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  revoked: 'bg-red-50 text-red-800 ring-red-600/30',
}

export function CertificateStatusBadge({status, size = 'small'}: {status: CertificateStatus; size?: 'small' | 'large'}) {
  const scale = size === 'large' ? 'px-3 py-1 text-base' : 'px-2.5 py-0.5 text-xs'
  return (
    <span
      className={`inline-flex items-center rounded-full font-semibold whitespace-nowrap ring-1 ring-inset ${scale} ${TONE[status] ?? TONE.revoked}`}
      data-testid="certificate-status"
    >
      {STATUS_LABELS[status] ?? status}
    </span>
  )
}
