/**
 * The enquiries page's rules (web/app/components/admin/enquiries.ts) and the list's server rule
 * (#schemas/rules/admin-lists matchingEnquiries): search over name, e-mail, subject and message;
 * the status filter; a change of status on a page; the empty texts; the "Reply by e-mail" link,
 * percent-encoded so that nothing in the address or the subject can add a header or a body.
 */
import {describe, expect, it} from 'vitest'
import {afterStatusChange, DEFAULT_STATUS_FILTER, emptyText, replyHref, statusNotice, statusParam} from '~/components/admin/enquiries'
import {ENQUIRY_ID_PATTERN} from '#schemas/contracts/ids'
import {EnquiryListQuerySchema, type Enquiry} from '#schemas/contracts/enquiries'
import {matchingEnquiries} from '#schemas/rules/admin-lists'

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

/** The enquiries of `list` the server answers for `params` (the list's rule, #schemas/rules/admin-lists). */
const matching = (list: Enquiry[], params: Record<string, string>) => matchingEnquiries(list, EnquiryListQuerySchema.parse(params)).map((e) => e.id)

describe('search and filter', () => {
  it('matches name, e-mail, subject and message, case-insensitively, ignoring spaces around the query', () => {
    const one = [enquiry()]
    for (const q of ['', '  ', 'yusuf', 'KARIM', 'example.com', 'course info', '  bosiet ', 'next month?']) expect(matching(one, {q}), q).toEqual([one[0]!.id])
    for (const q of ['Maria', 'new', '+971', '2026']) expect(matching(one, {q}), q).toEqual([])
  })

  it('filters by status (New by default on the page, Handled, All: no parameter), newest first', () => {
    const list = [
      enquiry({id: 'a', createdAt: '2026-11-24T10:00:00.000Z'}),
      enquiry({id: 'b', status: 'handled', handledAt: '2026-11-25T08:00:00.000Z', createdAt: '2026-11-23T10:00:00.000Z'}),
      enquiry({id: 'c', name: 'Maria Santos', createdAt: '2026-11-22T10:00:00.000Z'}),
    ]
    expect(DEFAULT_STATUS_FILTER).toBe('new')
    expect(matching(list, {status: statusParam('new')})).toEqual(['a', 'c'])
    expect(matching(list, {status: statusParam('handled')})).toEqual(['b'])
    expect(matching(list, {status: statusParam('all')})).toEqual(['a', 'b', 'c'])
    expect(matching(list, {q: 'maria'})).toEqual(['c'])
    expect(matching(list, {sort: 'createdAt', dir: 'asc'})).toEqual(['c', 'b', 'a'])
  })

  it('says why nothing is shown', () => {
    expect(emptyText(0).title).toBe('No enquiries yet')
    expect(emptyText(3).title).toBe('No enquiries found')
  })

  it('after a change: the row replaced, or gone when it left the filter; the new count follows; announced', () => {
    const page = {rows: [enquiry({id: 'a'}), enquiry({id: 'b'})], total: 7, page: 1, pageSize: 25, newCount: 7, allCount: 9}
    const handled = enquiry({id: 'b', status: 'handled', handledAt: '2026-11-25T08:00:00.000Z'})
    expect(afterStatusChange(page, handled, 'all')).toEqual({...page, newCount: 6, rows: [page.rows[0], handled]})
    expect(afterStatusChange(page, handled, 'new')).toEqual({...page, newCount: 6, total: 6, rows: [page.rows[0]]})
    expect(afterStatusChange(page, enquiry({id: 'z'}), 'new')).toBe(page)
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
