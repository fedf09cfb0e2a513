/**
 * The receipt e-mail to the candidate: subject `Receipt {receiptNumber}: {course
 * name}`, the receipt's key facts, the confirmation link; the PDF itself is attached by
 * ../messages.ts. A sandbox payment says so in red.
 */
import {Link} from '@react-email/components'
import {formatAmountMinor, formatProviderDateTime, paymentMethodLabel, SANDBOX_PAYMENT_LABEL} from '#schemas/rules/receipt-format'
import {receiptFileName} from '#netlify/services/receipts/receipt-pdf'
import {Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/**
 * What the receipt e-mail shows. `amountMinor` in minor units of `currency`; `paidAt` ISO 8601;
 * `confirmationUrl` absolute (the candidate's enrolment confirmation).
 */
export type ReceiptEmailProps = {
  /** The absolute "View in My training" link (../account-link.ts accountLinkFor). */
  accountUrl: string
  provider: MailProvider
  receiptNumber: string
  candidateName: string
  programme: string
  course: string
  /** The batch line, when the enrolment has a batch. */
  batch?: string
  amountMinor: number
  currency: string
  paidAt: string
  sandbox: boolean
  confirmationUrl: string
}

/** The subject: `Receipt {receiptNumber}: {course name}` (made header-safe by renderEmail). */
export const receiptSubject = (receiptNumber: string, course: string): string => `Receipt ${receiptNumber}: ${course}`

/** The receipt e-mail's body (React Email). */
export function ReceiptEmail(props: ReceiptEmailProps) {
  return (
    <MailFrame provider={props.provider} accountUrl={props.accountUrl} preview={`Your receipt ${props.receiptNumber} for ${props.course}`}>
      <Title>Thank you for your enrolment</Title>
      {props.sandbox ? (
        <Paragraph tone="warning">{SANDBOX_PAYMENT_LABEL}: this is a test enrolment. No money was taken and the attached receipt is not valid.</Paragraph>
      ) : null}
      <Paragraph>Dear {props.candidateName},</Paragraph>
      <Paragraph>
        We have received your payment for {props.course} ({props.programme}). Your receipt {props.receiptNumber} is attached as a PDF (
        {receiptFileName(props.receiptNumber)}). We will contact you within 24 hours.
      </Paragraph>
      <Fields
        rows={[
          ['Receipt number', props.receiptNumber],
          ['Programme', props.programme],
          ['Course', props.course],
          ...(props.batch ? ([['Batch', props.batch]] as const) : []),
          ['Amount paid', formatAmountMinor(props.amountMinor, props.currency)],
          ['Paid', formatProviderDateTime(props.paidAt)],
          ['Payment method', paymentMethodLabel(props.sandbox)],
        ]}
      />
      <Paragraph>
        Your enrolment confirmation: <Link href={props.confirmationUrl}>{props.confirmationUrl}</Link>
      </Paragraph>
    </MailFrame>
  )
}

/** The receipt e-mail: subject, HTML and plain text. Throws RangeError for an invalid paidAt. */
export function renderReceiptEmail(props: ReceiptEmailProps): Promise<RenderedEmail> {
  return renderEmail(receiptSubject(props.receiptNumber, props.course), <ReceiptEmail {...props} />)
}
