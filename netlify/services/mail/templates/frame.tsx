/**
 * The frame of every e-mail the site sends, React Email components: the provider's
 * name on top, the body, the provider's address and contact at the foot (from the site
 * settings). Plus renderEmail, which turns a template into its HTML and plain-text bodies.
 * React escapes every value: nothing a visitor typed becomes markup.
 */
import type {ReactNode} from 'react'
import {Body, Container, Head, Heading, Hr, Html, Link, Preview, render, Section, Text} from '@react-email/components'
import type {ReceiptProvider} from '#netlify/services/receipts/receipt-pdf'
import {headerText} from '#netlify/platform/mail-headers'

/** The provider as the e-mails show it: the site settings' company name and contact. */
export type MailProvider = ReceiptProvider

/** A rendered e-mail: its subject (header-safe, ../headers.ts), HTML and plain-text bodies. */
export type RenderedEmail = {subject: string; html: string; text: string}

const page = {backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', color: '#1a1a1f'}
const card = {backgroundColor: '#ffffff', padding: '24px 28px', maxWidth: '600px', borderRadius: '6px'}
const muted = {color: '#5c5f66', fontSize: '12px', lineHeight: '18px', margin: '0'}
const label = {color: '#5c5f66', fontWeight: 'bold' as const}

/** The text of the link to My training that closes every e-mail to a candidate. */
export const VIEW_IN_ACCOUNT = 'View in My training'

/**
 * The frame: the provider's name, `children`, the provider's contact. `preview` is the inbox
 * preview line. `accountUrl` (absolute; e-mails to candidates): a "View in My training" link after
 * the body, to the portal's sign-in with the address filled in.
 */
export function MailFrame({provider, preview, children, accountUrl}: {provider: MailProvider; preview: string; children: ReactNode; accountUrl?: string}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{fontSize: '18px', fontWeight: 'bold', margin: '0 0 16px'}}>{provider.name}</Text>
          {children}
          {accountUrl ? (
            <Text style={{fontSize: '14px', lineHeight: '22px', margin: '16px 0 0'}}>
              <Link href={accountUrl} style={{fontWeight: 'bold'}}>
                {VIEW_IN_ACCOUNT}
              </Link>
              : your enrolments, receipts, documents and certificates in one place.
            </Text>
          ) : null}
          <Hr style={{borderColor: '#e3e4e8', margin: '24px 0 12px'}} />
          <Section>
            <Text style={muted}>{provider.name}</Text>
            {provider.address.split(/\r\n|\r|\n/).map((line, index) => (
              <Text key={index} style={muted}>
                {line}
              </Text>
            ))}
            <Text style={muted}>
              Phone: {provider.phone} · E-mail: <Link href={`mailto:${provider.email}`}>{provider.email}</Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}

/** A heading in an e-mail. */
export function Title({children}: {children: ReactNode}) {
  return <Heading style={{fontSize: '22px', margin: '0 0 12px'}}>{children}</Heading>
}

/** A paragraph. */
export function Paragraph({children, tone}: {children: ReactNode; tone?: 'warning'}) {
  const warning = tone === 'warning' ? {color: '#b01414', fontWeight: 'bold' as const} : {}
  return <Text style={{fontSize: '14px', lineHeight: '22px', margin: '0 0 12px', ...warning}}>{children}</Text>
}

/** "Label: value" lines, one per field (in plain text too). */
export function Fields({rows}: {rows: ReadonlyArray<readonly [string, ReactNode]>}) {
  return (
    <Section style={{margin: '8px 0 16px'}}>
      {rows.map(([name, value]) => (
        <Text key={name} style={{fontSize: '14px', lineHeight: '20px', margin: '0 0 4px'}}>
          <span style={label}>{name}:</span> {value}
        </Text>
      ))}
    </Section>
  )
}

/** The "Candidate", "E-mail" (a mailto link) and "Mobile" rows of a staff notice about a person. */
export function candidateRows(candidate: {name: string; email: string; mobile: string}): Array<readonly [string, ReactNode]> {
  return [
    ['Candidate', candidate.name],
    [
      'E-mail',
      <Link key="email" href={`mailto:${candidate.email}`}>
        {candidate.email}
      </Link>,
    ],
    ['Mobile', candidate.mobile],
  ]
}

/** A text with its line breaks kept (a visitor's message): one line per line, in HTML and plain text. */
export function Lines({text}: {text: string}) {
  const lines = text.split(/\r\n|\r|\n/)
  return (
    <Text style={{fontSize: '14px', lineHeight: '22px', margin: '0 0 12px', backgroundColor: '#f4f5f7', padding: '12px'}}>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          {index < lines.length - 1 ? <br /> : null}
        </span>
      ))}
    </Text>
  )
}

/** `element` rendered to HTML and to plain text, with `subject` made header-safe (headerText). */
export async function renderEmail(subject: string, element: ReactNode): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, {plainText: true})])
  return {subject: headerText(subject), html, text}
}
