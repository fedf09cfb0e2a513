/**
 * The staff notice of a document a candidate added in My training: subject `Document added:
 * {file name}, {candidate name}, {course name}`, the candidate's contact details, the enrolment,
 * the document (name, checklist item, size, when) and how many are attached now, with a link to
 * the admin list (/adminEnrollments), where the enrolment's detail downloads it. Names only, never
 * the file itself.
 */
import {Link} from '@react-email/components'
import {formatFileSize} from '#schemas/rules/documents'
import {formatProviderDateTime} from '#schemas/rules/receipt-format'
import {candidateRows, Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/** What the notice shows. `addedAt` ISO 8601; `size` bytes; `adminUrl` the absolute URL of the admin list. */
export type DocumentNoticeProps = {
  provider: MailProvider
  candidate: {name: string; email: string; mobile: string}
  course: string
  orderId: string
  receiptNumber: string | null
  document: {fileName: string; size: number; checklistItem: string | null; addedAt: string}
  /** Documents attached to the enrolment now, this one included. */
  attached: number
  adminUrl: string
}

/** The subject: `Document added: {file name}, {candidate name}, {course name}`. */
export const documentNoticeSubject = (props: Pick<DocumentNoticeProps, 'document' | 'candidate' | 'course'>): string =>
  `Document added: ${props.document.fileName}, ${props.candidate.name}, ${props.course}`

/** The notice's body (React Email). */
export function DocumentNoticeEmail(props: DocumentNoticeProps) {
  return (
    <MailFrame provider={props.provider} preview={`${props.candidate.name} added ${props.document.fileName} in My training`}>
      <Title>Document added by the candidate</Title>
      <Paragraph>
        {props.candidate.name} added a document to their enrolment in My training. It is in the enrolment&apos;s detail, with the history entry.
      </Paragraph>
      <Fields
        rows={[
          ['Document', props.document.fileName],
          ['Checklist item', props.document.checklistItem ?? 'Not said'],
          ['Size', formatFileSize(props.document.size)],
          ['Added', formatProviderDateTime(props.document.addedAt)],
          ['Documents attached', String(props.attached)],
          ...candidateRows(props.candidate),
          ['Course', props.course],
          ['Order ID', props.orderId],
          ['Receipt number', props.receiptNumber ?? '—'],
        ]}
      />
      <Paragraph>
        All enrolments: <Link href={props.adminUrl}>{props.adminUrl}</Link>
      </Paragraph>
    </MailFrame>
  )
}

/** The notice: subject, HTML and plain text. Throws RangeError for an invalid addedAt. */
export function renderDocumentNotice(props: DocumentNoticeProps): Promise<RenderedEmail> {
  return renderEmail(documentNoticeSubject(props), <DocumentNoticeEmail {...props} />)
}
