/**
 * A real SMTP server in the test process (smtp-server), without TLS or auth, that keeps every
 * message it receives — the envelope and the raw message, parsed by a small MIME reader
 * (headers unfolded and RFC 2047-decoded, multipart bodies split, base64 and quoted-printable
 * decoded). Plus closedPort(): a local port nobody listens on (an SMTP server that is down).
 */
import {createServer, type Server} from 'node:net'
import {SMTPServer} from 'smtp-server'

/** One leaf of a MIME message: its headers (lower-case names), type, file name and decoded bytes. */
export type MimePart = {headers: Array<[string, string]>; contentType: string; filename: string | null; content: Buffer}

/** A received message: the SMTP envelope, the raw message and its parsed parts. */
export type ReceivedMail = {
  envelope: {from: string; to: string[]}
  raw: string
  /** The top-level header lines as sent (unfolded, not decoded). */
  rawHeaderLines: string[]
  header(name: string): string | undefined
  subject: string
  parts: MimePart[]
  /** The text/plain body and the text/html body, decoded. */
  text: string
  html: string
  attachments: MimePart[]
}

export type SmtpSink = {port: number; url: string; messages: ReceivedMail[]; stop: () => Promise<void>}

/** Starts the sink on 127.0.0.1:`port` (0: any free port). */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        }
        messages.push(parseMail(Buffer.concat(chunks).toString('latin1'), envelope))
        callback()
      })
    },
  })
  const listening: Server = await new Promise((resolve, reject) => {
    const net = server.listen(port, '127.0.0.1', () => resolve(net))
    net.once('error', reject)
  })
  const address = listening.address()
  const actual = typeof address === 'object' && address ? address.port : port
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A local port that was free a moment ago and has nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address !== 'object') throw new Error('no port')
  return address.port
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), joining adjacent ones. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BQbq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            )
      return new TextDecoder(charset.toLowerCase() === 'utf-8' ? 'utf-8' : 'latin1').decode(bytes)
    })
}

function splitHead(raw: string): {lines: string[]; body: string} {
  const at = raw.indexOf('\r\n\r\n')
  const head = at === -1 ? raw : raw.slice(0, at)
  const body = at === -1 ? '' : raw.slice(at + 4)
  return {lines: head.replace(/\r\n[ \t]+/g, ' ').split('\r\n'), body}
}

function headersOf(lines: string[]): Array<[string, string]> {
  return lines.flatMap((line) => {
    const colon = line.indexOf(':')
    return colon > 0 ? [[line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as [string, string]] : []
  })
}

function param(value: string, name: string): string | null {
  const match = new RegExp(`${name}\\*?=("([^"]*)"|[^;\\s]+)`, 'i').exec(value)
  if (!match) return null
  const text = match[2] ?? match[1]!
  return /^utf-8''/i.test(text) ? decodeURIComponent(text.slice(7)) : decodeWords(text)
}

function decodeBody(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64')
  if (encoding === 'quoted-printable') {
    const text = body.replace(/=\r\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(text, 'latin1')
  }
  return Buffer.from(body, 'latin1')
}

function parts(raw: string): MimePart[] {
  const {lines, body} = splitHead(raw)
  const headers = headersOf(lines)
  const get = (name: string) => headers.find(([n]) => n === name)?.[1] ?? ''
  const contentType = get('content-type') || 'text/plain'
  const boundary = param(contentType, 'boundary')
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1)
    return sections.filter((section) => !section.startsWith('--')).flatMap((section) => parts(section.replace(/^\r\n/, '').replace(/\r\n$/, '')))
  }
  const filename = param(get('content-disposition'), 'filename') ?? param(contentType, 'name')
  return [
    {
      headers,
      contentType: contentType.split(';')[0]!.trim().toLowerCase(),
      filename,
      content: decodeBody(body, get('content-transfer-encoding').toLowerCase()),
    },
  ]
}

/** Parses a raw message (latin1 string of its bytes) received with `envelope`. */
export function parseMail(raw: string, envelope: {from: string; to: string[]}): ReceivedMail {
  const {lines} = splitHead(raw)
  const headers = headersOf(lines)
  const leaves = parts(raw)
  const textOf = (type: string) => {
    const part = leaves.find((p) => p.contentType === type && !p.filename)
    return part ? new TextDecoder('utf-8').decode(part.content) : ''
  }
  return {
    envelope,
    raw,
    rawHeaderLines: lines,
    header: (name) => {
      const value = headers.find(([n]) => n === name.toLowerCase())?.[1]
      return value === undefined ? undefined : decodeWords(value)
    },
    subject: decodeWords(headers.find(([n]) => n === 'subject')?.[1] ?? ''),
    parts: leaves,
    text: textOf('text/plain'),
    html: textOf('text/html'),
    attachments: leaves.filter((p) => p.filename !== null),
  }
}
