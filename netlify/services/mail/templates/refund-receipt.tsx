/**
 * The refund receipt e-mail to the candidate (docs/requirements.md#req-refunds): subject
 * `Refund receipt {receiptNumber}: {course name}`, what was refunded, why, its gateway id, and
 * what the payment keeps. Sent once per processed refund (netlify/services/refunds/refunds.ts). A sandbox
 * refund says so in red.
 */
import {formatAmountMinor, formatProviderDateTime, SANDBOX_PAYMENT_LABEL} from '#schemas/rules/receipt-format'
import {REFUND_REASON_LABELS, type RefundReason} from '#schemas/rules/refunds'
import {Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/**
 * What the refund receipt shows. Amounts in minor units of `currency`: `amountMinor` this
 * refund, `paidMinor` the payment, `refundedMinor` every refund that counts so far (this one
 * included). `refundedAt` ISO 8601. `receiptNumber` the payment's receipt (absent for a payment
 * that never got one).
 */
export type RefundReceiptProps = {
  /** The absolute "View in My training" link (../account-link.ts accountLinkFor). */
  accountUrl: string
  provider: MailProvider
  candidateName: string
  programme: string
  course: string
  receiptNumber?: string
  paymentId: string
  refundId: string
  reason: RefundReason
  amountMinor: number
  paidMinor: number
  refundedMinor: number
  currency: string
  refundedAt: string
  sandbox: boolean
}

/** The subject: `Refund receipt {receiptNumber}: {course}` (`Refund receipt: {course}` without a receipt number). */
export const refundReceiptSubject = (receiptNumber: string | undefined, course: string): string =>
  receiptNumber ? `Refund receipt ${receiptNumber}: ${course}` : `Refund receipt: ${course}`

/** The refund receipt's body (React Email). */
export function RefundReceiptEmail(props: RefundReceiptProps) {
  const amount = formatAmountMinor(props.amountMinor, props.currency)
  const whole = props.refundedMinor >= props.paidMinor
  return (
    <MailFrame provider={props.provider} accountUrl={props.accountUrl} preview={`Your refund of ${amount} for ${props.course}`}>
      <Title>Your refund</Title>
      {props.sandbox ? <Paragraph tone="warning">{SANDBOX_PAYMENT_LABEL}: this is a test refund. No money was moved.</Paragraph> : null}
      <Paragraph>Dear {props.candidateName},</Paragraph>
      <Paragraph>
        We have refunded {amount} of your payment for {props.course} ({props.programme}) to the card you paid with.
        {whole ? ' Your payment has been refunded in full.' : ''} Banks usually show a refund within 5 to 7 working days.
      </Paragraph>
      <Fields
        rows={[
          ['Amount refunded', amount],
          ['Reason', REFUND_REASON_LABELS[props.reason]],
          ['Refund reference', props.refundId],
          ['Refunded', formatProviderDateTime(props.refundedAt)],
          ...(props.receiptNumber ? ([['Original receipt', props.receiptNumber]] as Array<[string, string]>) : []),
          ['Payment reference', props.paymentId],
          ['Amount paid', formatAmountMinor(props.paidMinor, props.currency)],
          ['Refunded in total', formatAmountMinor(props.refundedMinor, props.currency)],
        ]}
      />
      <Paragraph>Please keep this e-mail as your refund receipt. Reply to it if anything is not as you expected.</Paragraph>
    </MailFrame>
  )
}

/** The refund receipt e-mail: subject, HTML and plain text. Throws RangeError for an invalid refundedAt. */
export function renderRefundReceiptEmail(props: RefundReceiptProps): Promise<RenderedEmail> {
  return renderEmail(refundReceiptSubject(props.receiptNumber, props.course), <RefundReceiptEmail {...props} />)
}
