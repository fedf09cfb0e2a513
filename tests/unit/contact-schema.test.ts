/**
 * The contact form's schema (docs/requirements.md#req-entities-contact, #req-validation-contact) and the small pure parts of
 * netlify/services/enquiries/contact.ts: the server's honeypot-tolerant schema, the configurable limit and
 * the time-sortable message key.
 */
import {describe, expect, it} from 'vitest'
import {contactMessageKey, ContactSubmissionSchema, honeypotFilled} from '#netlify/services/enquiries/contact'
import {getEnv, parseRateLimitSpec, rateLimitOf} from '#netlify/platform/env'
import {CONTACT_MESSAGES, CONTACT_SUBJECTS, ContactSchema} from '#schemas/contracts/forms/contact'

const valid = {name: 'Aisha Rahman', email: 'aisha@example.com', subject: 'Course Information', message: 'When does the next BOSIET start?'}

function errorsOf(input: unknown) {
  const result = ContactSchema.safeParse(input)
  return result.success ? {} : result.error.flatten().fieldErrors
}

describe('ContactSchema', () => {
  it('lists the spec’s six subjects in the spec’s order', () => {
    expect(CONTACT_SUBJECTS).toEqual([
      'General Inquiry',
      'Course Information',
      'Certification Services',
      'Vessel Registration',
      'Technical Support',
      'Partnership Opportunities',
    ])
  })

  it('has the spec’s thank-you message', () => {
    expect(CONTACT_MESSAGES.success).toBe('Thank you for your message! We will get back to you soon.')
  })

  it('accepts a message without a phone, and with one', () => {
    expect(ContactSchema.safeParse(valid).success).toBe(true)
    expect(ContactSchema.safeParse({...valid, phone: ''}).success).toBe(true)
    expect(ContactSchema.parse({...valid, phone: ' +971 6 123 4567 '}).phone).toBe('+971 6 123 4567')
  })

  it('trims the text fields', () => {
    expect(ContactSchema.parse({...valid, name: '  Aisha  ', email: ' aisha@example.com '})).toMatchObject({name: 'Aisha', email: 'aisha@example.com'})
  })

  it('requires name, email, subject and message', () => {
    expect(errorsOf({})).toEqual({
      name: ['Please enter your name.'],
      email: ['Please enter your email address.'],
      subject: ['Please choose a subject.'],
      message: ['Please enter your message.'],
    })
    expect(errorsOf({...valid, name: '   ', message: ' '})).toEqual({name: ['Please enter your name.'], message: ['Please enter your message.']})
  })

  it('refuses a malformed email', () => {
    expect(errorsOf({...valid, email: 'aisha@'})).toEqual({email: ['Please enter a valid email address.']})
    expect(errorsOf({...valid, email: 'not an email'})).toEqual({email: ['Please enter a valid email address.']})
  })

  it('refuses a subject outside the list', () => {
    expect(errorsOf({...valid, subject: 'Free cruise'})).toEqual({subject: ['Please choose a subject.']})
    expect(errorsOf({...valid, subject: 'general inquiry'})).toEqual({subject: ['Please choose a subject.']})
    for (const subject of CONTACT_SUBJECTS) expect(ContactSchema.safeParse({...valid, subject}).success).toBe(true)
  })

  it('refuses a malformed phone number and an overlong message', () => {
    expect(errorsOf({...valid, phone: 'call me'})).toEqual({phone: ['Please enter a valid phone number or leave it empty.']})
    expect(errorsOf({...valid, message: 'x'.repeat(5001)})).toEqual({message: ['Please keep your message under 5000 characters.']})
    expect(ContactSchema.safeParse({...valid, message: 'x'.repeat(5000)}).success).toBe(true)
  })

  it('refuses a filled honeypot in the browser', () => {
    expect(errorsOf({...valid, website: 'http://spam.example'})).toHaveProperty('website')
    expect(ContactSchema.safeParse({...valid, website: ''}).success).toBe(true)
  })
})

describe('ContactSubmissionSchema (server side)', () => {
  it('lets a filled honeypot through so the bot can be answered like a person', () => {
    expect(ContactSubmissionSchema.parse({...valid, website: 'http://spam.example'}).website).toBe('http://spam.example')
  })

  it('validates every other field exactly as ContactSchema does', () => {
    const result = ContactSubmissionSchema.safeParse({...valid, email: 'nope', subject: 'Other'})
    expect(result.success ? {} : result.error.flatten().fieldErrors).toEqual({
      email: ['Please enter a valid email address.'],
      subject: ['Please choose a subject.'],
    })
  })

  it('treats any honeypot value as filled, and an empty or absent one as not', () => {
    expect(honeypotFilled('x')).toBe(true)
    expect(honeypotFilled(' ')).toBe(true)
    expect(honeypotFilled('')).toBe(false)
    expect(honeypotFilled(undefined)).toBe(false)
    expect(honeypotFilled(null)).toBe(false)
  })
})

describe('contact limits and keys', () => {
  it('allows 5 messages per 10 minutes unless RATE_LIMIT_CONTACT says otherwise', () => {
    expect(rateLimitOf('CONTACT', getEnv({}))).toEqual({count: 5, windowSeconds: 600})
    expect(rateLimitOf('CONTACT', getEnv({RATE_LIMIT_CONTACT: '50/1h'}))).toEqual({count: 50, windowSeconds: 3600})
    expect(rateLimitOf('CONTACT', getEnv({RATE_LIMIT_CONTACT: ''}))).toEqual({count: 5, windowSeconds: 600})
    for (const bad of ['0/10m', '-3/1m', '2.5/1m', 'many', '5', '5/10', '5/0m', '5/10y']) {
      expect(parseRateLimitSpec(bad)).toBeNull()
      expect(() => getEnv({RATE_LIMIT_CONTACT: bad})).toThrow(/RATE_LIMIT_CONTACT/)
    }
  })

  it('stores messages under keys that sort by the time received', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e'
    const key = contactMessageKey(new Date('2025-03-04T05:06:07.089Z'), id)
    expect(key).toBe(`2025-03-04T05-06-07.089Z_${id}`)
    const times = ['2025-12-31T23:59:59.999Z', '2025-01-01T00:00:00.000Z', '2025-06-15T12:00:00.000Z', '2026-01-01T00:00:00.000Z']
    const keys = times.map((time) => contactMessageKey(new Date(time), 'ffffffff-0000-4000-8000-000000000000'))
    expect([...keys].sort()).toEqual([...times].sort().map((time) => contactMessageKey(new Date(time), 'ffffffff-0000-4000-8000-000000000000')))
  })
})
