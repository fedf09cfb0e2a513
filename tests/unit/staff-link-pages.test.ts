// @vitest-environment jsdom
/**
 * The pages of the staff e-mails' links (~/components/admin/StaffLinkPages,
 * docs/requirements.md#req-staff-accounts) in a DOM with fetch answered per request. The invite:
 * a used link (410) shows the server's message and a link to /login; the password's own check;
 * the server's refusal of a weak password brings the person back to the password step with its
 * message; success shows the recovery codes and, on "I have saved them", stores the token and
 * signs in. The reset: 204 says so with a link to /login; 410 shows the message and "Ask for a
 * new link". No request carries a bearer token.
 */
import {createElement} from 'react'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {InvitePage, ResetPage} from '~/components/admin/StaffLinkPages'
import {buttonIn, click, errorOf, fieldIn, routeFetch, setValue, waitFor, usePageMount} from '../helpers/dom-page'

const page = usePageMount()
let container: HTMLElement
afterEach(() => localStorage.clear())

const TOKEN = 'A'.repeat(43)
const CODES = [...'234567abcd'].map((c) => `abcde-${c.repeat(5)}`)
const GONE_INVITE = 'This invitation link has expired or was already used. Ask an owner to send a new one.'
const GONE_RESET = 'This password reset link has expired or was already used. Ask for a new one from the sign-in page.'
const WEAK = 'Choose a stronger password: avoid common words, names and patterns, or make it longer.'
const VIEW = {email: 'juan@example.com', name: 'Juan Cruz', role: 'counsellor', expiresAt: '2026-11-27T09:00:00.000Z'}

async function render(element: ReturnType<typeof createElement>) {
  container = await page.mount(element)
}

const text = () => container.textContent ?? ''
const link = (name: string) => [...container.querySelectorAll('a')].find((a) => a.textContent?.trim() === name) ?? null

describe('InvitePage', () => {
  it('a used or expired link (410) shows the server’s message and a link to the sign-in', async () => {
    const calls = routeFetch(() => Response.json({error: GONE_INVITE}, {status: 410}))
    await render(createElement(InvitePage, {token: TOKEN, onSignedIn: vi.fn()}))
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe(GONE_INVITE))
    expect(calls[0]).toMatchObject({url: `/api/admin/invite/${TOKEN}`, method: 'GET'})
    expect(calls[0]!.headers).not.toHaveProperty('Authorization')
    expect(link('Go to the sign-in page')?.getAttribute('href')).toBe('/login')
    expect(container.querySelector('input')).toBeNull()
  })

  it('a weak password answered by the server brings the person back to the password step', async () => {
    const calls = routeFetch((url, init) => {
      if (url.endsWith('/totp')) return Response.json({secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP'})
      if (init.method === 'POST') return Response.json({error: WEAK, details: {password: [WEAK]}}, {status: 400})
      return Response.json(VIEW)
    })
    await render(createElement(InvitePage, {token: TOKEN, onSignedIn: vi.fn()}))
    await waitFor(() => expect(text()).toContain('Welcome, Juan Cruz'))
    expect(text()).toContain('juan@example.com, role Counsellor')

    const password = () => fieldIn<HTMLInputElement>(container, 'New password')!
    setValue(password(), 'too short')
    click(buttonIn(container, 'Continue'))
    expect(errorOf(password())).toBe('Use at least 12 characters')
    expect(calls).toHaveLength(1)

    setValue(password(), 'password1234')
    click(buttonIn(container, 'Continue'))
    await waitFor(() => expect(text()).toContain('Set up your authenticator app'))
    setValue(fieldIn<HTMLInputElement>(container, '6-digit code')!, '123456')
    click(buttonIn(container, 'Finish'))
    await waitFor(() => expect(errorOf(password())).toBe(WEAK))
    expect(text()).toContain('Step 1 of 3')
    expect(document.activeElement).toBe(password())
    expect(calls.at(-1)).toMatchObject({url: `/api/admin/invite/${TOKEN}`, method: 'POST', body: {password: 'password1234', code: '123456'}})
  })

  it('success shows the recovery codes; “I have saved them” stores the token and signs in', async () => {
    const calls = routeFetch((url, init) => {
      if (url.endsWith('/totp')) return Response.json({secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP'})
      if (init.method === 'POST') return Response.json({recoveryCodes: CODES, authToken: 'new-session-token', expiresAt: '2026-11-24T21:00:00.000Z'})
      return Response.json(VIEW)
    })
    const onSignedIn = vi.fn()
    await render(createElement(InvitePage, {token: TOKEN, onSignedIn}))
    await waitFor(() => expect(text()).toContain('Welcome, Juan Cruz'))
    setValue(fieldIn<HTMLInputElement>(container, 'New password')!, 'violet tugboat anchors nightly')
    click(buttonIn(container, 'Continue'))
    await waitFor(() => expect(container.querySelector('dd')?.textContent).toBe('JBSW Y3DP EHPK 3PXP'))
    expect(calls.at(-1)).toMatchObject({url: `/api/admin/invite/${TOKEN}/totp`, method: 'POST'})
    setValue(fieldIn<HTMLInputElement>(container, '6-digit code')!, '123456')
    click(buttonIn(container, 'Finish'))
    await waitFor(() => expect([...container.querySelectorAll('ul[aria-label="Recovery codes"] li')].map((li) => li.textContent)).toEqual(CODES))
    expect(text()).toContain('Step 3 of 3')
    expect(localStorage.getItem('authToken')).toBeNull()
    expect(onSignedIn).not.toHaveBeenCalled()

    click(buttonIn(container, 'I have saved them'))
    expect(localStorage.getItem('authToken')).toBe('new-session-token')
    expect(onSignedIn).toHaveBeenCalledTimes(1)
  })
})

describe('ResetPage', () => {
  it('204: the password was changed, with a link to the sign-in', async () => {
    const calls = routeFetch(() => new Response(null, {status: 204}))
    await render(createElement(ResetPage, {token: TOKEN}))
    await waitFor(() => expect(fieldIn(container, 'New password')).not.toBeNull())
    setValue(fieldIn<HTMLInputElement>(container, 'New password')!, 'violet tugboat anchors nightly')
    click(buttonIn(container, 'Change password'))
    await waitFor(() => expect(text()).toContain('Your password was changed. Sign in with it and your authenticator app.'))
    expect(calls).toEqual([
      {
        url: `/api/admin/password-reset/${TOKEN}`,
        method: 'POST',
        headers: {Accept: 'application/json', 'Content-Type': 'application/json'},
        body: {password: 'violet tugboat anchors nightly'},
      },
    ])
    expect(link('Sign in')?.getAttribute('href')).toBe('/login')
  })

  it('410: the server’s message and “Ask for a new link”', async () => {
    routeFetch(() => Response.json({error: GONE_RESET}, {status: 410}))
    await render(createElement(ResetPage, {token: 'made-up'}))
    await waitFor(() => expect(fieldIn(container, 'New password')).not.toBeNull())
    setValue(fieldIn<HTMLInputElement>(container, 'New password')!, 'violet tugboat anchors nightly')
    click(buttonIn(container, 'Change password'))
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe(GONE_RESET))
    expect(link('Ask for a new link')?.getAttribute('href')).toBe('/login')
    expect(container.querySelector('input')).toBeNull()
  })

  it('a weak password shows the server’s message under the field', async () => {
    routeFetch(() => Response.json({error: WEAK, details: {password: [WEAK]}}, {status: 400}))
    await render(createElement(ResetPage, {token: TOKEN}))
    await waitFor(() => expect(fieldIn(container, 'New password')).not.toBeNull())
    const password = fieldIn<HTMLInputElement>(container, 'New password')!
    setValue(password, 'password1234')
    click(buttonIn(container, 'Change password'))
    await waitFor(() => expect(errorOf(password)).toBe(WEAK))
    expect(password.getAttribute('aria-invalid')).toBe('true')
  })
})
