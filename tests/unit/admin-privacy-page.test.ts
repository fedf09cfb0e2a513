// @vitest-environment jsdom
/**
 * The privacy requests page (~/components/admin/PrivacyDashboard, docs/requirements.md#req-privacy)
 * rendered in a DOM with fetch answered per request: a malformed address is refused beside its
 * field without asking; the look-up sends the address with the bearer token and shows the counts
 * and records by kind; "Erase" needs the reason and the address typed again, sends the objection,
 * announces the counts and looks the person up again; a 409 shows the server's reason; a 401 signs
 * out. And the client's helpers.
 */
import {createElement} from 'react'
import {describe, expect, it, vi} from 'vitest'
import type {PrivacyLookup} from '#schemas/contracts/privacy'
import {PrivacyDashboard} from '~/components/admin/PrivacyDashboard'
import {countsText, dispositionFileName, eraseFormProblems} from '~/components/admin/privacy'
import {buttonIn, click, errorOf, fieldIn, routeFetch, setValue, usePageMount, waitFor} from '../helpers/dom-page'

const {mount} = usePageMount()

const EMAIL = 'ana@example.com'
const counts = {enrolments: 1, groupBookings: 1, enquiries: 0, waitlists: 0, certificates: 0, examAttempts: 0, outbox: 2, uploads: 1}
const zero = {enrolments: 0, groupBookings: 0, enquiries: 0, waitlists: 0, certificates: 0, examAttempts: 0, outbox: 0, uploads: 0}

const lookup = (erased = false): PrivacyLookup => ({
  email: EMAIL,
  emailHash: 'a'.repeat(64),
  records: {
    enrolments: erased
      ? []
      : [{id: 'order_sandbox_AAAAAAAAAAAAAA', label: 'Pre-Sea Foundation · Paid · receipt MTC-2026-00001', date: '2026-11-20T10:00:00.000Z'}],
    groupBookings: erased ? [] : [{id: 'grp_AAAAAAAAAAAAAAAA', label: 'Acme Shipping · BOSIET · delegate (seat 2)', date: '2026-11-21T09:00:00.000Z'}],
    enquiries: [],
    waitlists: [],
    certificates: [],
    examAttempts: [],
    outbox: erased
      ? []
      : [
          {id: 'receipt:MTC-2026-00001', label: 'Your receipt MTC-2026-00001', date: '2026-11-20T10:01:00.000Z'},
          {id: 'enrolment-notice:MTC-2026-00001', label: 'New enrolment', date: '2026-11-20T10:01:00.000Z'},
        ],
    uploads: erased ? [] : [{id: 'upl_AAAAAAAAAAAAAAAAAAAA', label: 'passport.pdf (order order_sandbox_AAAAAAAAAAAAAA)', date: '2026-11-20T10:00:00.000Z'}],
  },
  counts: erased ? zero : counts,
  total: erased ? 0 : 5,
  erasures: erased ? [{at: '2026-11-25T08:00:00.000Z', objection: true}] : [],
})

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json'}})

async function render(onUnauthorized = vi.fn()) {
  const container = await mount(createElement(PrivacyDashboard, {token: 't0ken', onUnauthorized}))
  return {container, onUnauthorized}
}

async function lookUp(container: HTMLElement, email = EMAIL) {
  setValue(fieldIn<HTMLInputElement>(container, 'E-mail address')!, email)
  click(buttonIn(container, 'Look up'))
}

describe('the privacy requests page', () => {
  it('refuses a malformed address without asking, then looks up a person and lists their records by kind', async () => {
    const calls = routeFetch(() => json(lookup()))
    const {container} = await render()
    await lookUp(container, 'not-an-address')
    expect(errorOf(fieldIn(container, 'E-mail address'))).toBe('Enter a valid e-mail address, like name@example.com')
    // Only the list of erasure requests was read: no look-up.
    const lookups = () => calls.filter((call) => call.url.startsWith('/api/admin/privacy?'))
    expect(lookups()).toHaveLength(0)

    await lookUp(container, ' Ana@Example.com ')
    await waitFor(() => expect(container.textContent).toContain(`Records naming ${EMAIL}`))
    expect(lookups()[0]).toMatchObject({url: '/api/admin/privacy?email=ana%40example.com', method: 'GET', headers: {Authorization: 'Bearer t0ken'}})
    expect(container.querySelector('[data-testid="privacy-counts"]')?.textContent).toBe(
      'Enrolments1Group bookings1Enquiries0Waitlists0Certificates0Exam attempts0Outbox messages2Uploaded documents1',
    )
    expect(container.textContent).toContain('Group bookings (1)')
    expect(container.textContent).toContain('Acme Shipping · BOSIET · delegate (seat 2)')
    expect(container.textContent).toContain('Outbox messages (2)')
    expect(container.textContent).toContain('passport.pdf (order order_sandbox_AAAAAAAAAAAAAA)')
    expect(buttonIn(container, 'Export')).not.toBeNull()
  })

  it('shows the server’s 404 in an alert', async () => {
    routeFetch(() => json({error: 'No records name this e-mail address'}, 404))
    const {container} = await render()
    await lookUp(container)
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('No records name this e-mail address'))
  })

  it('erases with a reason and the address typed again, announces the counts and looks the person up again', async () => {
    let erased = false
    const calls = routeFetch((url) => {
      if (url === '/api/admin/privacy/erase') {
        erased = true
        return json({erased: counts})
      }
      return json(lookup(erased))
    })
    const {container} = await render()
    await lookUp(container)
    await waitFor(() => expect(buttonIn(container, 'Erase')).not.toBeNull())
    const form = container.querySelector<HTMLFormElement>('[data-testid="erase-form"]')!

    click(buttonIn(form, 'Erase'))
    await waitFor(() => expect(errorOf(fieldIn(form, 'Reason*'))).toBe('Give the reason for the erasure'))
    setValue(fieldIn<HTMLInputElement>(form, 'Reason*')!, 'Asked by e-mail')
    setValue(fieldIn<HTMLInputElement>(form, 'Type the e-mail address again to confirm*')!, 'someone@example.com')
    click(buttonIn(form, 'Erase'))
    await waitFor(() =>
      expect(errorOf(fieldIn(form, 'Type the e-mail address again to confirm*'))).toBe('Type the e-mail address again to confirm: the two do not match'),
    )
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    setValue(fieldIn<HTMLInputElement>(form, 'Type the e-mail address again to confirm*')!, 'ANA@example.com')
    click(form.querySelector<HTMLInputElement>('input[type="checkbox"]'))
    click(buttonIn(form, 'Erase'))
    await waitFor(() =>
      expect(container.querySelector('[data-testid="erase-result"]')?.textContent).toBe(
        'Erased: Enrolments: 1, Group bookings: 1, Outbox messages: 2, Uploaded documents: 1.',
      ),
    )
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/admin/privacy/erase',
      body: {email: EMAIL, reason: 'Asked by e-mail', confirm: 'ANA@example.com', objection: true},
    })
    await waitFor(() => expect(container.textContent).toContain('No record names this address any more.'))
    expect(container.textContent).toContain('Erased before: 2026-11-25 08:00 UTC (objected to the register)')
    expect(buttonIn(container, 'Erase')).toBeNull()
  })

  it('shows a 409 (a payment pending) in an alert and keeps what was typed; a 401 signs out', async () => {
    const reason = 'A payment of this person is pending: order order_sandbox_AAAAAAAAAAAAAA (created 2026-11-25) awaits its payment.'
    routeFetch((url) => (url === '/api/admin/privacy/erase' ? json({error: reason}, 409) : json(lookup())))
    const {container} = await render()
    await lookUp(container)
    await waitFor(() => expect(buttonIn(container, 'Erase')).not.toBeNull())
    const form = container.querySelector<HTMLFormElement>('[data-testid="erase-form"]')!
    setValue(fieldIn<HTMLInputElement>(form, 'Reason*')!, 'Asked by e-mail')
    setValue(fieldIn<HTMLInputElement>(form, 'Type the e-mail address again to confirm*')!, EMAIL)
    click(buttonIn(form, 'Erase'))
    await waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toBe(reason))
    expect(fieldIn<HTMLTextAreaElement>(form, 'Reason*')!.value).toBe('Asked by e-mail')

    routeFetch(() => json({error: 'Invalid or expired token'}, 401))
    const {container: again, onUnauthorized} = await render()
    await lookUp(again)
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalled())
  })
})

describe('the client helpers', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(dispositionFileName(`attachment; filename="personal-data-aaaaaaaaaaaa-2026-11-25.zip"; filename*=UTF-8''x`)).toBe(
      'personal-data-aaaaaaaaaaaa-2026-11-25.zip',
    )
    expect(dispositionFileName(null)).toBeNull()
  })

  it('checks the erase form with the server’s schema, and words the counts', () => {
    expect(eraseFormProblems({email: EMAIL, reason: '', confirm: '', objection: false})).toEqual({
      reason: 'Give the reason for the erasure',
      confirm: 'Type the e-mail address again to confirm: the two do not match',
    })
    expect(eraseFormProblems({email: EMAIL, reason: 'x', confirm: ' Ana@Example.com ', objection: false})).toEqual({})
    expect(countsText(zero)).toBe('nothing (already erased)')
  })
})
