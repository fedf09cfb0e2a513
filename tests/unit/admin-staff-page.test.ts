// @vitest-environment jsdom
/**
 * The owner's staff page (~/components/admin/StaffDashboard, docs/requirements.md#req-staff-accounts)
 * rendered in a DOM with fetch answered per request: the table (role labels, status with the
 * invite's expiry, "Never", second factors), the environment's owner and one's own row without
 * role or status controls; Invite (success adds the row, 400 shows the fields' messages, 409 the
 * server's message); Save role sends PATCH with If-Match; a 409 shows the message and reloads;
 * Disable asks first; End sessions says how many ended. And the client's texts.
 */
import {createElement} from 'react'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import type {StaffMember} from '#schemas/contracts/staff'
import {StaffDashboard} from '~/components/admin/StaffDashboard'
import {browserText, factorsText, groupedSecret, staffStatusText} from '~/components/admin/staff'
import {buttonIn, click, emulateDialogs, errorOf, fieldIn, routeFetch as route, setValue, waitFor, usePageMount} from '../helpers/dom-page'

beforeAll(() => emulateDialogs())

const page = usePageMount()
let container: HTMLElement

const member = (over: Partial<StaffMember> = {}): StaffMember => ({
  id: 'stf_priya0001',
  email: 'priya@example.com',
  name: 'Priya Nair',
  role: 'registrar',
  status: 'active',
  bootstrap: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  lastLoginAt: '2026-11-24T09:00:00.000Z',
  invitePendingUntil: null,
  factors: {totp: true, passkeys: 1, recoveryCodes: 8},
  ...over,
})
const OWNER = member({
  id: 'stf_owner',
  email: 'admin@example.com',
  name: 'Owner',
  role: 'owner',
  bootstrap: true,
  factors: {totp: false, passkeys: 0, recoveryCodes: 0},
})
const ME = member({id: 'stf_me000001', email: 'me@example.com', name: 'Maya Owner', role: 'owner'})
const INVITED = member({
  id: 'stf_juan00001',
  email: 'juan@example.com',
  name: 'Juan Cruz',
  role: 'counsellor',
  lastLoginAt: null,
  invitePendingUntil: '2026-11-27T09:00:00.000Z',
  factors: {totp: false, passkeys: 0, recoveryCodes: 0},
})

async function render(onUnauthorized = vi.fn()) {
  container = await page.mount(createElement(StaffDashboard, {token: 't0ken', onUnauthorized, meId: ME.id}))
  return onUnauthorized
}

const text = () => container.textContent ?? ''
const button = (name: string) => buttonIn(container, name)
const field = <T extends HTMLElement>(label: string) => fieldIn<T>(container, label)
const labelled = (label: string) => container.querySelector<HTMLElement>(`[aria-label="${label}"]`)
const row = (id: string) => container.querySelector<HTMLTableRowElement>(`tr[data-staff-id="${id}"]`)!

describe('StaffDashboard', () => {
  it('lists everyone with role, status, last login and second factors', async () => {
    const calls = route(() => Response.json([OWNER, ME, member(), INVITED]))
    await render()
    await waitFor(() => expect(text()).toContain('Juan Cruz'))
    expect(calls[0]).toMatchObject({url: '/api/admin/staff', method: 'GET', headers: {Authorization: 'Bearer t0ken'}})
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Name',
      'E-mail',
      'Role',
      'Status',
      'Last login',
      'Second factors',
      'Actions',
    ])
    const cells = (id: string) => [...row(id).querySelectorAll('td')].slice(0, 6).map((td) => td.textContent)
    expect(cells('stf_priya0001')).toEqual([
      'Priya Nair',
      'priya@example.com',
      'Registrar',
      'Active',
      expect.stringContaining('2026'),
      'Authenticator, 1 passkey, 8 recovery codes',
    ])
    expect(cells('stf_juan00001')).toEqual([
      'Juan Cruz',
      'juan@example.com',
      'Counsellor',
      expect.stringMatching(/^Invited — link expires \d+ Nov 2026/),
      'Never',
      'None',
    ])
    // The environment's owner: no actions; oneself: no role or status controls.
    expect(row('stf_owner').textContent).toContain('Owner account (environment)')
    expect(row('stf_owner').querySelectorAll('button, select')).toHaveLength(0)
    expect(row(ME.id).querySelector('select')).toBeNull()
    expect(row(ME.id).textContent).not.toContain('Disable')
    expect(labelled('Resend invite to Juan Cruz')).not.toBeNull()
    expect(labelled('Resend invite to Priya Nair')).toBeNull()
  })

  it('Invite: success adds the row and names the address', async () => {
    const calls = route((_url, init) => (init.method === 'POST' ? Response.json(INVITED, {status: 201}) : Response.json([OWNER, ME])))
    await render()
    await waitFor(() => expect(text()).toContain('Maya Owner'))
    click(button('Invite'))
    setValue(field<HTMLInputElement>('E-mail')!, ' Juan@Example.com ')
    setValue(field<HTMLInputElement>('Name')!, 'Juan Cruz')
    setValue(field<HTMLSelectElement>('Role')!, 'counsellor')
    click(button('Send invitation'))
    await waitFor(() => expect(text()).toContain('Invitation sent to juan@example.com'))
    expect(calls.at(-1)).toMatchObject({url: '/api/admin/staff', method: 'POST', body: {email: 'juan@example.com', name: 'Juan Cruz', role: 'counsellor'}})
    expect(row('stf_juan00001')).not.toBeNull()
    expect(button('Send invitation')).toBeNull()
  })

  it('Invite: the form checks the fields first, then shows a 400’s field messages and a 409’s message', async () => {
    let answer = Response.json(
      {error: 'Name is too long (120 characters at most)', details: {name: ['Name is too long (120 characters at most)']}},
      {status: 400},
    )
    const calls = route((_url, init) => (init.method === 'POST' ? answer : Response.json([OWNER, ME])))
    await render()
    await waitFor(() => expect(text()).toContain('Maya Owner'))
    click(button('Invite'))
    click(button('Send invitation'))
    expect(text()).toContain('Email is required')
    expect(text()).toContain('Name is required')
    expect(text()).toContain('Choose a role')
    expect(field<HTMLInputElement>('E-mail')!.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field('E-mail'))
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0)

    setValue(field<HTMLInputElement>('E-mail')!, 'juan@example.com')
    setValue(field<HTMLInputElement>('Name')!, 'Juan Cruz')
    setValue(field<HTMLSelectElement>('Role')!, 'finance')
    click(button('Send invitation'))
    await waitFor(() => expect(errorOf(field('Name'))).toBe('Name is too long (120 characters at most)'))
    expect(document.activeElement).toBe(field('Name'))

    answer = Response.json({error: 'This e-mail address already has a staff account'}, {status: 409})
    click(button('Send invitation'))
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('This e-mail address already has a staff account'))
    expect(button('Send invitation')).not.toBeNull()
  })

  it('Save role sends PATCH with If-Match; a 409 shows the message and reloads the list', async () => {
    const priya = member()
    let patchAnswer: Response = Response.json({...priya, role: 'finance', updatedAt: '2026-11-25T10:00:00.000Z'})
    const calls = route((_url, init) => (init.method === 'PATCH' ? patchAnswer : Response.json([OWNER, ME, priya])))
    await render()
    await waitFor(() => expect(row('stf_priya0001')).not.toBeNull())
    const save = labelled('Save role of Priya Nair') as HTMLButtonElement
    expect(save.disabled).toBe(true)
    setValue(row('stf_priya0001').querySelector('select')!, 'finance')
    click(save)
    await waitFor(() => expect(text()).toContain('Priya Nair is now Finance'))
    const patch = calls.find((call) => call.method === 'PATCH')!
    expect(patch).toMatchObject({url: '/api/admin/staff/stf_priya0001', body: {role: 'finance'}, headers: {'If-Match': '"2026-11-20T09:00:00.000Z"'}})
    expect(row('stf_priya0001').textContent).toContain('Finance')

    // Changed meanwhile: the server's message, and the list read again.
    patchAnswer = Response.json({error: 'Someone else changed this person in the meantime. Reload and try again.'}, {status: 409})
    setValue(row('stf_priya0001').querySelector('select')!, 'counsellor')
    const reads = calls.filter((call) => call.method === 'GET').length
    click(labelled('Save role of Priya Nair'))
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe('Someone else changed this person in the meantime. Reload and try again.'),
    )
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBe(reads + 1))
    expect(calls.filter((call) => call.method === 'PATCH')[1]!.headers['If-Match']).toBe('"2026-11-25T10:00:00.000Z"')
  })

  it('Disable asks first, then disables; End sessions says how many ended', async () => {
    const priya = member()
    const calls = route((url, init) => {
      if (init.method === 'PATCH') return Response.json({...priya, status: 'disabled'})
      if (url.endsWith('/sessions/end')) return Response.json({ended: 2})
      return Response.json([OWNER, ME, priya])
    })
    await render()
    await waitFor(() => expect(row('stf_priya0001')).not.toBeNull())
    click(labelled('Disable Priya Nair'))
    const dialog = container.querySelector('dialog')!
    expect(dialog.open).toBe(true)
    expect(dialog.textContent).toContain('Disable Priya Nair?They are signed out at once.')
    click([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!)
    expect(container.querySelector('dialog')).toBeNull()
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false)

    click(labelled('Disable Priya Nair'))
    click([...container.querySelector('dialog')!.querySelectorAll('button')].find((b) => b.textContent === 'Disable')!)
    await waitFor(() => expect(text()).toContain('Priya Nair is disabled'))
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({body: {status: 'disabled'}})
    expect(row('stf_priya0001').textContent).toContain('Disabled')
    expect(labelled('Enable Priya Nair')).not.toBeNull()

    click(labelled('End sessions of Priya Nair'))
    await waitFor(() => expect(text()).toContain('Ended 2 sessions'))
    expect(calls.at(-1)).toMatchObject({url: '/api/admin/staff/stf_priya0001/sessions/end', method: 'POST'})
  })

  it('shows the load error, and signs out on 401', async () => {
    route(() => Response.json({error: 'You do not have access to this'}, {status: 403}))
    await render()
    await waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toContain('You do not have access to this'))
    route(() => Response.json({error: 'Invalid or expired token'}, {status: 401}))
    page.unmount()
    const onUnauthorized = await render()
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalled())
  })
})

describe('staff texts', () => {
  it('statuses, factors, secrets and browsers read as the pages show them', () => {
    expect(staffStatusText({status: 'disabled', invitePendingUntil: '2026-11-27T09:00:00.000Z'})).toBe('Disabled')
    expect(staffStatusText({status: 'active', invitePendingUntil: null})).toBe('Active')
    expect(factorsText({totp: false, passkeys: 2, recoveryCodes: 1})).toBe('2 passkeys, 1 recovery code')
    expect(factorsText({totp: false, passkeys: 0, recoveryCodes: 0})).toBe('None')
    expect(groupedSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    expect(browserText('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome 131 on macOS',
    )
    expect(browserText('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133 on Windows')
    expect(
      browserText('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari 17 on iOS')
    expect(browserText('')).toBe('Unknown')
  })
})
