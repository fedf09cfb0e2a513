/**
 * The staff notice of a paid enrolment: subject `New enrolment {receiptNumber}:
 * {candidate name}, {course name}`, the candidate's contact details, programme, course, country,
 * amount, payment, the names of the documents attached to the enrolment (names only, never the
 * files) and a link to the admin list (/adminEnrollments).
 *
 * With `installment` (a cadetship installment after the first, paid by payment link)
 * the same notice says `Installment paid {receiptNumber}: {candidate name}, {course name}
 * ({installment})`, and the installment is a row of its own.
 */
import {Link} from '@react-email/components'
import {formatAmountMinor, formatProviderDateTime, paymentMethodLabel, SANDBOX_PAYMENT_LABEL} from '#schemas/rules/receipt-format'
import {OVER_CAPACITY} from '#schemas/rules/batches'
import {candidateRows, Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/** The admin list's path (a product route). */
export const ADMIN_ENROLMENTS_PATH = '/adminEnrollments'

/**
 * What the notice shows. `country` is the jurisdiction's name ('' when none); `documents` the
 * attached files' names; `adminUrl` the absolute URL of ADMIN_ENROLMENTS_PATH.
 */
export type EnrolmentNoticeProps = {
  provider: MailProvider
  receiptNumber: string
  candidate: {name: string; email: string; mobile: string}
  programme: string
  course: string
  country: string
  /** The batch line, when the enrolment has a batch. */
  batch?: string
  /** Paid after its seat had gone: the notice says "Over capacity". */
  overCapacity?: boolean
  amountMinor: number
  currency: string
  paidAt: string
  paymentId: string
  orderId: string
  sandbox: boolean
  /** Paid by bank transfer against a pro-forma. */
  bankTransfer?: boolean
  documents: string[]
  adminUrl: string
  /** A later installment's notice: "2nd installment of 3". */
  installment?: string
}

/**
 * The subject: `New enrolment {receiptNumber}: {candidate name}, {course name}`, or for an
 * installment `Installment paid {receiptNumber}: {candidate name}, {course name} ({installment})`.
 */
export const enrolmentNoticeSubject = (receiptNumber: string, candidateName: string, course: string, installment?: string): string =>
  installment
    ? `Installment paid ${receiptNumber}: ${candidateName}, ${course} (${installment})`
    : `New enrolment ${receiptNumber}: ${candidateName}, ${course}`

/** The notice's body (React Email). */
export function EnrolmentNoticeEmail(props: EnrolmentNoticeProps) {
  return (
    <MailFrame
      provider={props.provider}
      preview={
        props.installment ? `${props.candidate.name} paid the ${props.installment} of ${props.course}` : `${props.candidate.name} enrolled in ${props.course}`
      }
    >
      <Title>
        {props.installment ? 'Installment paid' : 'New enrolment'} {props.receiptNumber}
      </Title>
      {props.overCapacity ? (
        <Paragraph tone="warning">
          {OVER_CAPACITY}: this payment arrived after the seat hold had expired and the batch had filled up. The candidate is booked beyond the batch&apos;s
          seats: arrange another date or a refund.
        </Paragraph>
      ) : null}
      {props.sandbox ? <Paragraph tone="warning">{SANDBOX_PAYMENT_LABEL}: a test enrolment, no money was taken.</Paragraph> : null}
      <Fields
        rows={[
          ...candidateRows(props.candidate),
          ['Programme', props.programme],
          ['Course', props.course],
          ...(props.installment ? ([['Installment', props.installment]] as const) : []),
          ...(props.batch ? ([['Batch', props.batch]] as const) : []),
          ['Country', props.country || '—'],
          ['Amount paid', formatAmountMinor(props.amountMinor, props.currency)],
          ['Paid', formatProviderDateTime(props.paidAt)],
          ['Payment method', paymentMethodLabel(props.sandbox, props.bankTransfer)],
          ['Payment ID', props.paymentId],
          ['Order ID', props.orderId],
          ['Receipt number', props.receiptNumber],
        ]}
      />
      <Paragraph>Documents attached to the enrolment: {props.documents.length === 0 ? 'none' : props.documents.join(', ')}</Paragraph>
      <Paragraph>
        All enrolments: <Link href={props.adminUrl}>{props.adminUrl}</Link>
      </Paragraph>
    </MailFrame>
  )
}

/** The notice: subject, HTML and plain text. Throws RangeError for an invalid paidAt. */
export function renderEnrolmentNotice(props: EnrolmentNoticeProps): Promise<RenderedEmail> {
  return renderEmail(enrolmentNoticeSubject(props.receiptNumber, props.candidate.name, props.course, props.installment), <EnrolmentNoticeEmail {...props} />)
}
