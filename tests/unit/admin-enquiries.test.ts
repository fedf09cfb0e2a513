/**
 * The enquiries page's rules (web/app/components/admin/enquiries.ts): search over name,
 * e-mail, subject and message; the status filter; the count texts; the "Reply by e-mail" link,
 * percent-encoded so that nothing in the address or the subject can add a header or a body.
 */
import {describe, expect, it} from 'vitest'
import {
  countNew,
  DEFAULT_STATUS_FILTER,
  emptyText,
  enquiriesShowingText,
  filterEnquiries,
  matchesEnquirySearch,
  replaceEnquiry,
  replyHref,
  statusNotice,
} from '~/components/admin/enquiries'
import {ENQUIRY_ID_PATTERN} from '#schemas/contracts/ids'
import type {Enquiry} from '#schemas/contracts/enquiries'

const enquiry = (overrides: Partial<Enquiry> = {}): Enquiry => ({
  id: '2026-11-24T10-00-00.000Z_0f8fad5b-d9cb-469f-a165-70867728950e',
  name: 'Captain Yusuf Karim',
  email: 'yusuf.karim@example.com',
  phone: null,
  subject: 'Course Information',
  message: 'Is there a BOSIET course starting next month?',
  status: 'new',
  createdAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
})

describe('search and filter', () => {
  it('matches name, e-mail, subject and message, case-insensitively, ignoring spaces around the query', () => {
    const one = enquiry()
    for (const query of ['', '  ', 'yusuf', 'KARIM', 'example.com', 'course info', '  bosiet ', 'next month?'])
      expect(matchesEnquirySearch(one, query), query).toBe(true)
    for (const query of ['Maria', 'new', '+971', '2026']) expect(matchesEnquirySearch(one, query), query).toBe(false)
  })

  it('filters by status (New by default, Handled, All) and keeps the order', () => {
    const list = [enquiry({id: 'a'}), enquiry({id: 'b', status: 'handled', handledAt: '2026-11-25T08:00:00.000Z'}), enquiry({id: 'c', name: 'Maria Santos'})]
    expect(DEFAULT_STATUS_FILTER).toBe('new')
    expect(filterEnquiries(list, '', 'new').map((e) => e.id)).toEqual(['a', 'c'])
    expect(filterEnquiries(list, '', 'handled').map((e) => e.id)).toEqual(['b'])
    expect(filterEnquiries(list, '', 'all').map((e) => e.id)).toEqual(['a', 'b', 'c'])
    expect(filterEnquiries(list, 'maria', 'all').map((e) => e.id)).toEqual(['c'])
    expect(countNew(list)).toBe(2)
  })

  it('says what is shown, and why nothing is', () => {
    expect(enquiriesShowingText(2, 5)).toBe('Showing 2 of 5 enquiries, newest first')
    expect(enquiriesShowingText(1, 1)).toBe('Showing 1 of 1 enquiry, newest first')
    expect(emptyText(0).title).toBe('No enquiries yet')
    expect(emptyText(3).title).toBe('No enquiries found')
  })

  it('replaces one enquiry after a change and announces it', () => {
    const list = [enquiry({id: 'a'}), enquiry({id: 'b'})]
    const handled = enquiry({id: 'b', status: 'handled', handledAt: '2026-11-25T08:00:00.000Z'})
    expect(replaceEnquiry(list, handled)).toEqual([list[0], handled])
    expect(statusNotice(handled)).toBe('Marked as handled: Course Information from Captain Yusuf Karim')
    expect(statusNotice(enquiry())).toBe('Reopened: Course Information from Captain Yusuf Karim')
  })
})

describe('Reply by e-mail', () => {
  it('is a mailto link to the sender with the subject "Re: {subject}", percent-encoded', () => {
    const href = replyHref(enquiry())
    expect(href).toBe('mailto:yusuf.karim@example.com?subject=Re%3A%20Course%20Information')
    expect(decodeURIComponent(href.split('?subject=')[1]!)).toBe('Re: Course Information')
  })

  it('keeps every character of the address and the subject inside their own field', () => {
    const href = replyHref({email: 'o’brien+a&b?c=d#e%f@example.com', subject: 'Fees & dates?\r\nBcc: x@evil.example'})
    expect(href).toBe('mailto:o%E2%80%99brien%2Ba%26b%3Fc%3Dd%23e%25f@example.com?subject=Re%3A%20Fees%20%26%20dates%3F%0D%0ABcc%3A%20x%40evil.example')
    // One query field only: no `&`, `?` or `#` of the data reaches the URL's structure.
    const url = new URL(href)
    expect(url.hash).toBe('')
    expect([...url.searchParams.keys()]).toEqual(['subject'])
  })
})

describe('enquiry ids', () => {
  it('are contact message keys', () => {
    expect(ENQUIRY_ID_PATTERN.test(enquiry().id)).toBe(true)
    expect(ENQUIRY_ID_PATTERN.test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(false)
    expect(ENQUIRY_ID_PATTERN.test('2026-11-24T10:00:00.000Z_0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(false)
  })
})
