// @vitest-environment jsdom
/**
 * One's own account page (~/components/admin/AccountDashboard, docs/requirements.md#req-staff-accounts)
 * in a DOM with fetch answered per request: the password change (the contract's check first, a
 * 400's field message, a 409's message, success); the authenticator setup (the key in groups of
 * 4, the code confirmed, the first factor's recovery codes shown); new recovery codes after a
 * confirmation; a passkey removal refused as the last factor; the sessions table.
 */
import {createElement} from 'react'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import type {Account} from '#schemas/contracts/staff'
import {AccountDashboard} from '~/components/admin/AccountDashboard'
import {buttonIn, click, emulateDialogs, errorOf, fieldIn, routeFetch, setValue, waitFor, usePageMount} from '../helpers/dom-page'

beforeAll(() => emulateDialogs())

const page = usePageMount()
let container: HTMLElement

const CODES = [...'234567abcd'].map((c) => `abcde-${c.repeat(5)}`)

const account = (over: Partial<Account> = {}): Account => ({
  me: {id: 'stf_priya0001', email: 'priya@example.com', name: 'Priya Nair', role: 'registrar', permissions: ['enrolments:read'], secondFactorDue: false},
  factors: {totp: false, passkeys: 1, recoveryCodes: 7},
  passkeys: [{id: 'pk_1', name: 'Work laptop', createdAt: '2026-11-20T09:00:00.000Z'}],
  sessions: [
    {
      id: 'ses_current',
      createdAt: '2026-11-24T08:00:00.000Z',
      expiresAt: '2026-11-24T20:00:00.000Z',
      client: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      current: true,
    },
    {id: 'ses_other', createdAt: '2026-11-23T08:00:00.000Z', expiresAt: '2026-11-23T20:00:00.000Z', client: '198.51.100.2', userAgent: '', current: false},
  ],
  ...over,
})

async function render(onUnauthorized = vi.fn()) {
  container = await page.mount(createElement(AccountDashboard, {token: 't0ken', onUnauthorized}))
  await waitFor(() => expect(container.textContent).toContain('Signed in as Priya Nair'))
  return onUnauthorized
}

const section = (title: string) => [...container.querySelectorAll('section')].find((s) => s.querySelector('h2')?.textContent === title)!
const alertIn = (scope: ParentNode) => scope.querySelector('[role="alert"]')?.textContent ?? null

describe('AccountDashboard', () => {
  it('changes the password: the contract’s check, a 400 under its field, a 409’s message, then success', async () => {
    let answer = (): Response =>
      Response.json({error: 'Your current password is not right', details: {currentPassword: ['Your current password is not right']}}, {status: 400})
    const calls = routeFetch((url) => (url === '/api/admin/account/password' ? answer() : Response.json(account())))
    await render()
    const password = section('Password')
    const current = fieldIn<HTMLInputElement>(password, 'Current password')!
    const next = fieldIn<HTMLInputElement>(password, 'New password')!

    setValue(next, 'short')
    click(buttonIn(password, 'Change password'))
    expect(errorOf(current)).toBe('Enter your current password')
    expect(errorOf(next)).toBe('Use at least 12 characters')
    expect(calls.some((call) => call.method === 'POST')).toBe(false)

    setValue(current, 'wrong password')
    setValue(next, 'correct horse battery staple')
    click(buttonIn(password, 'Change password'))
    await waitFor(() => expect(errorOf(current)).toBe('Your current password is not right'))
    expect(current.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(current)
    expect(calls.at(-1)).toMatchObject({
      url: '/api/admin/account/password',
      method: 'POST',
      body: {currentPassword: 'wrong password', password: 'correct horse battery staple'},
    })

    answer = () => Response.json({error: 'The owner account’s password is set in the environment (ADMIN_PASSWORD_HASH): change it there.'}, {status: 409})
    click(buttonIn(password, 'Change password'))
    await waitFor(() => expect(alertIn(password)).toBe('The owner account’s password is set in the environment (ADMIN_PASSWORD_HASH): change it there.'))

    answer = () => new Response(null, {status: 204})
    click(buttonIn(password, 'Change password'))
    await waitFor(() => expect(password.textContent).toContain('Password changed. Your other sessions were signed out.'))
    expect(current.value).toBe('')
  })

  it('sets up the authenticator: the key in groups of 4, the code confirmed, the recovery codes shown once', async () => {
    let withTotp = false
    const calls = routeFetch((url) => {
      if (url === '/api/admin/account/totp') return Response.json({secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DP'})
      if (url === '/api/admin/account/totp/confirm') {
        withTotp = true
        return Response.json({recoveryCodes: CODES})
      }
      return Response.json(account({factors: {totp: withTotp, passkeys: 0, recoveryCodes: withTotp ? 10 : 0}, passkeys: []}))
    })
    await render()
    const totp = section('Authenticator app')
    expect(totp.textContent).toContain('Not set up.')
    click(buttonIn(totp, 'Set up'))
    await waitFor(() => expect(totp.querySelector('dd')?.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP'))

    const code = fieldIn<HTMLInputElement>(totp, '6-digit code')!
    setValue(code, '12')
    click(buttonIn(totp, 'Confirm'))
    expect(errorOf(code)).toBe('Enter the 6-digit code from your authenticator app')
    setValue(code, '123456')
    click(buttonIn(totp, 'Confirm'))
    await waitFor(() => expect(container.querySelectorAll('ul[aria-label="Recovery codes"] li')).toHaveLength(10))
    expect(calls.find((call) => call.url === '/api/admin/account/totp/confirm')).toMatchObject({method: 'POST', body: {code: '123456'}})
    expect(container.textContent).toContain('Keep these codes somewhere safe. Each works once, and they are shown only now.')
    expect(totp.textContent).toContain('Your authenticator app is set up.')
    expect(document.activeElement?.textContent).toBe('Recovery codes')

    click(buttonIn(container, 'I have saved them'))
    await waitFor(() => expect(section('Recovery codes').textContent).toContain('10 codes left'))
    expect(container.querySelector('ul[aria-label="Recovery codes"]')).toBeNull()
    expect(section('Authenticator app').textContent).toContain('Set up: sign-in asks for a code')
  })

  it('a wrong authenticator code shows the server’s message under the field', async () => {
    routeFetch((url) => {
      if (url === '/api/admin/account/totp') return Response.json({secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP'})
      if (url === '/api/admin/account/totp/confirm') {
        const message = 'That code does not match: check the time on your phone and enter the current code'
        return Response.json({error: message, details: {code: [message]}}, {status: 400})
      }
      return Response.json(account())
    })
    await render()
    const totp = section('Authenticator app')
    click(buttonIn(totp, 'Set up'))
    await waitFor(() => expect(fieldIn(totp, '6-digit code')).not.toBeNull())
    const code = fieldIn<HTMLInputElement>(totp, '6-digit code')!
    setValue(code, '654321')
    click(buttonIn(totp, 'Confirm'))
    await waitFor(() => expect(errorOf(code)).toBe('That code does not match: check the time on your phone and enter the current code'))
    expect(document.activeElement).toBe(code)
  })

  it('makes new recovery codes after a confirmation', async () => {
    const calls = routeFetch((url) => (url === '/api/admin/account/recovery-codes' ? Response.json({recoveryCodes: CODES}) : Response.json(account())))
    await render()
    const codes = section('Recovery codes')
    expect(codes.textContent).toContain('7 codes left of 10')
    click(buttonIn(codes, 'Make new codes'))
    const dialog = container.querySelector('dialog')!
    expect(dialog.textContent).toContain('Make new recovery codes?The codes you have now stop working.')
    click(buttonIn(dialog, 'Cancel'))
    expect(calls.some((call) => call.url === '/api/admin/account/recovery-codes')).toBe(false)

    click(buttonIn(codes, 'Make new codes'))
    click(buttonIn(container.querySelector('dialog')!, 'Make new codes'))
    await waitFor(() => expect([...container.querySelectorAll('ul[aria-label="Recovery codes"] li')].map((li) => li.textContent)).toEqual(CODES))
    expect(calls.find((call) => call.url === '/api/admin/account/recovery-codes')).toMatchObject({method: 'POST'})
  })

  it('removing the last factor shows the server’s refusal; the sessions are listed with this one marked', async () => {
    const calls = routeFetch((url) =>
      url.startsWith('/api/admin/account/factors/')
        ? Response.json({error: 'Keep at least one second factor: add another before removing this one.'}, {status: 409})
        : Response.json(account()),
    )
    await render()
    const passkeys = section('Passkeys')
    click(passkeys.querySelector<HTMLButtonElement>('[aria-label="Remove passkey Work laptop"]'))
    await waitFor(() => expect(alertIn(passkeys)).toBe('Keep at least one second factor: add another before removing this one.'))
    expect(calls.at(-1)).toMatchObject({url: '/api/admin/account/factors/pk_1', method: 'DELETE'})

    const rows = [...section('Sessions').querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(2, 4).map((td) => td.textContent))
    expect(rows).toEqual([
      ['203.0.113.7', 'Chrome 131 on LinuxThis session'],
      ['198.51.100.2', 'Unknown'],
    ])
  })

  it('ends another session and reads the account again', async () => {
    const calls = routeFetch((url) => (url.endsWith('/end') ? Response.json({ended: 1}) : Response.json(account())))
    await render()
    const sessions = section('Sessions')
    click(sessions.querySelectorAll<HTMLButtonElement>('tbody button')[1]!)
    await waitFor(() => expect(sessions.textContent).toContain('Session ended.'))
    expect(calls.find((call) => call.url.endsWith('/end'))).toMatchObject({url: '/api/admin/account/sessions/ses_other/end', method: 'POST'})
    expect(calls.filter((call) => call.url === '/api/admin/account')).toHaveLength(2)
  })
})
