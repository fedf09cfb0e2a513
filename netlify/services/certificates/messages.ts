/**
 * The certificate e-mails for the outbox (netlify/services/mail/outbox.ts enqueue), named by
 * their idempotency keys (each with the "View in My training" link to the holder's address):
 *
 *   certificate:{number}          to the holder, the certificate PDF attached (on issue)
 *   certificate-expiry:{number}   to the holder, EXPIRY_REMINDER_DAYS before expiry (the scheduled reminder)
 */
import type {NewOutboxMessage} from '../mail/outbox'
import {renderCertificateEmail, type CertificateEmailProps} from '../mail/templates/certificate'
import {renderCertificateExpiryEmail, type CertificateExpiryEmailProps} from '../mail/templates/certificate-expiry'
import {accountLinkFor} from '../mail/account-link'
import {CERTIFICATE_CONTENT_TYPE} from './certificate-pdf'
import {certificateFileName} from '#schemas/rules/certificates'

/** `certificate:{number}` to `email`, subject `Your certificate {number}: {course}`, `pdf` attached as certificate-{number}.pdf. */
export async function certificateMessage(input: Omit<CertificateEmailProps, 'accountUrl'> & {email: string; pdf: Uint8Array}): Promise<NewOutboxMessage> {
  const {email: to, pdf, ...props} = input
  const email = await renderCertificateEmail({...props, accountUrl: accountLinkFor(to)})
  return {
    kind: 'certificate',
    about: props.number,
    to: [to],
    ...email,
    attachments: [{filename: certificateFileName(props.number), contentType: CERTIFICATE_CONTENT_TYPE, content: pdf}],
  }
}

/** `certificate-expiry:{number}` to `email`, subject `Your certificate {number} expires on {date}`. */
export async function certificateExpiryMessage(input: Omit<CertificateExpiryEmailProps, 'accountUrl'> & {email: string}): Promise<NewOutboxMessage> {
  const {email: to, ...props} = input
  const email = await renderCertificateExpiryEmail({...props, accountUrl: accountLinkFor(to)})
  return {kind: 'certificate-expiry', about: props.number, to: [to], ...email}
}
