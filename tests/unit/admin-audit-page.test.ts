// @vitest-environment jsdom
/**
 * The audit log page (~/components/admin/AuditDashboard, docs/requirements.md#req-audit-log)
 * rendered in a DOM with fetch stubbed: the rows of the answer (time in UTC, person, action label,
 * target, client, details), 'Showing X to Y of N results', the empty state; Apply sends the
 * filters from page 1, Next asks for page 2; "Export CSV" fetches `format=csv` with the bearer
 * token and saves the file; a 401 signs out. And the client: fetchAudit's URL, contract and errors.
 */
import {act, createElement} from 'react'
import {createRoot, type Root} from 'react-dom/client'
import {afterEach, beforeAll, describe, expect, it, vi} from 'vitest'
import type {AuditEntry, AuditPage} from '#schemas/contracts/audit'
import {AuditDashboard} from '~/components/admin/AuditDashboard'
import {AUDIT_ACTION_LABELS, AUDIT_MESSAGES, auditDetailLines, auditSearch, fetchAudit} from '~/components/admin/audit'
import {UnauthorizedError} from '~/components/admin/admin-fetch'
import {AUDIT_ACTIONS} from '#schemas/contracts/audit'
import {stubFetch} from '../helpers/stub-fetch'

beforeAll(() => {
  ;(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true
})

let root: Root | undefined
let container: HTMLElement
afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
  root = undefined
  vi.unstubAllGlobals()
})

const entry = (seq: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  at: '2026-11-24T09:00:05.000Z',
  actor: {type: 'staff', id: 'stf_priya', email: 'priya@example.com', name: 'Priya Nair'},
  client: '203.0.113.7',
  action: 'enrolment-status',
  target: {type: 'enrolment', id: 'order_sandbox_AAAAAAAAAAAAAA'},
  summary: {before: {status: 'paid'}, after: {status: 'completed'}},
  prevHash: '0'.repeat(64),
  hash: 'a'.repeat(64),
  ...over,
})

const pageOf = (rows: AuditEntry[], total = rows.length, page = 1): AuditPage => ({rows, total, page, pageSize: 50})

async function render(onUnauthorized = vi.fn()) {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  await act(async () => root!.render(createElement(AuditDashboard, {token: 't0ken', onUnauthorized})))
  return onUnauthorized
}

const text = () => container.textContent ?? ''
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null
const field = <T extends HTMLElement>(label: string) => {
  const labelElement = [...container.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)
  return document.getElementById(labelElement?.htmlFor ?? '') as T | null
}
function setValue(element: HTMLInputElement | HTMLSelectElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!.call(element, value)
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', {bubbles: true}))
  })
}
/** Waits for `check` inside act(), so the state updates of the answers are applied as React would. */
const waitFor = <T>(check: () => T) =>
  act(async () => {
    await vi.waitFor(check, {timeout: 5000})
  })
const calledUrl = (fetchMock: ReturnType<typeof stubFetch>, index = 0) => fetchMock.mock.calls[index]?.[0]

describe('AuditDashboard', () => {
  it('shows the rows of the answer with the paging line', async () => {
    const rows = [entry(52), entry(51, {actor: {type: 'system'}, client: null, target: null, action: 'refund-outcome', summary: {}})]
    const fetchMock = stubFetch(Response.json(pageOf(rows, 52, 2)))
    await render()
    await waitFor(() => expect(text()).toContain('Showing 51 to 52 of 52 results'))
    expect(calledUrl(fetchMock)).toBe('/api/admin/audit')
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({Authorization: 'Bearer t0ken'})

    // The headings (their sort marks are aria-hidden); newest first is the time column's descending order.
    const headings = [...container.querySelectorAll('thead th')].map((th) => th.textContent?.replace(/[▲▼↕]/g, ''))
    expect(headings).toEqual(['Time (UTC)', 'Person', 'Action', 'Target', 'Client', 'Details'])
    expect([...container.querySelectorAll('thead th')].map((th) => th.getAttribute('aria-sort'))).toEqual(['descending', null, null, null, null, null])
    const cells = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))
    expect(cells).toEqual([
      [
        '2026-11-24 09:00:05',
        'Priya Nairpriya@example.com',
        'Enrolment status changed',
        'enrolment:order_sandbox_AAAAAAAAAAAAAA',
        '203.0.113.7',
        'before.status: paidafter.status: completed',
      ],
      ['2026-11-24 09:00:05', 'System', 'Refund outcome', '—', '—', '—'],
    ])
    expect(button('Previous')?.disabled).toBe(false)
    expect(button('Next')?.disabled).toBe(true)
  })

  it('says so when nothing matches', async () => {
    stubFetch(Response.json(pageOf([])))
    await render()
    await waitFor(() => expect(text()).toContain(AUDIT_MESSAGES.empty))
    expect(container.querySelector('table')).toBeNull()
    expect(AUDIT_MESSAGES.empty).toBe('No audit entries match these filters.')
  })

  it('Apply sends the filters from page 1; Next asks for the next page', async () => {
    stubFetch(Response.json(pageOf([entry(120)], 120)))
    await render()
    await waitFor(() => expect(text()).toContain('Showing 1 to 50 of 120 results'))

    let fetchMock = stubFetch(Response.json(pageOf([entry(70)], 120, 2)))
    act(() => button('Next')!.click())
    await waitFor(() => expect(calledUrl(fetchMock)).toBe('/api/admin/audit?page=2'))

    setValue(field<HTMLInputElement>('Person')!, ' Priya@Example.com ')
    setValue(field<HTMLSelectElement>('Action')!, 'document-view')
    setValue(field<HTMLInputElement>('Target')!, 'upload:upl_0123456789abcdef')
    setValue(field<HTMLInputElement>('From (UTC)')!, '2026-11-01')
    setValue(field<HTMLInputElement>('To (UTC)')!, '2026-11-30')
    fetchMock = stubFetch(Response.json(pageOf([entry(3, {action: 'document-view'})], 1)))
    act(() => button('Apply')!.click())
    await waitFor(() =>
      expect(calledUrl(fetchMock)).toBe(
        '/api/admin/audit?actor=Priya%40Example.com&action=document-view&target=upload%3Aupl_0123456789abcdef&from=2026-11-01&to=2026-11-30',
      ),
    )
    await waitFor(() => expect(text()).toContain('Showing 1 to 1 of 1 results'))
  })

  it('refuses reversed days before asking the server', async () => {
    stubFetch(Response.json(pageOf([entry(1)])))
    await render()
    await waitFor(() => expect(text()).toContain('Showing 1 to 1 of 1 results'))
    const fetchMock = stubFetch(Response.json(pageOf([])))
    setValue(field<HTMLInputElement>('From (UTC)')!, '2026-11-30')
    setValue(field<HTMLInputElement>('To (UTC)')!, '2026-11-01')
    act(() => button('Apply')!.click())
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(AUDIT_MESSAGES.datesReversed)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('Export CSV downloads every match of the applied filters with the bearer token', async () => {
    stubFetch(Response.json(pageOf([entry(1)])))
    await render()
    await waitFor(() => expect(text()).toContain('Showing 1 to 1 of 1 results'))
    const saved: string[] = []
    vi.stubGlobal('URL', Object.assign(URL, {createObjectURL: () => 'blob:audit', revokeObjectURL: () => undefined}))
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const fetchMock = stubFetch(new Response('Seq,Time (UTC)\r\n', {headers: {'Content-Type': 'text/csv'}}))
    await act(async () => button('Export CSV')!.click())
    await waitFor(() => expect(saved).toEqual([expect.stringMatching(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/)]))
    expect(calledUrl(fetchMock)).toBe('/api/admin/audit?format=csv')
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({Authorization: 'Bearer t0ken'})
    clickSpy.mockRestore()
  })

  it('a 401 signs out', async () => {
    stubFetch(Response.json({error: 'Invalid or expired token'}, {status: 401}))
    const onUnauthorized = await render()
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalled())
  })
})

describe('fetchAudit and the page’s words', () => {
  it('asks with the filters, parses the answer by the contract, shows a 400’s message', async () => {
    const fetchMock = stubFetch(Response.json(pageOf([entry(1)])))
    expect(await fetchAudit('t', {actor: 'x@example.com', action: '', page: 3})).toEqual(pageOf([entry(1)]))
    expect(calledUrl(fetchMock)).toBe('/api/admin/audit?actor=x%40example.com&page=3')
    stubFetch(Response.json({error: 'from must be a date YYYY-MM-DD'}, {status: 400}))
    await expect(fetchAudit('t', {from: 'x'})).rejects.toThrow('from must be a date YYYY-MM-DD')
    stubFetch(Response.json({rows: 'nope'}))
    await expect(fetchAudit('t', {})).rejects.toThrow(AUDIT_MESSAGES.loadFailed)
    stubFetch(Response.json({error: 'x'}, {status: 401}))
    await expect(fetchAudit('t', {})).rejects.toBeInstanceOf(UnauthorizedError)
    expect(auditSearch({page: 1, target: '  '}, 'csv')).toBe('?format=csv')
  })

  it('labels every action and writes details as path: value lines', () => {
    expect(AUDIT_ACTIONS.every((action) => AUDIT_ACTION_LABELS[action]?.length > 0)).toBe(true)
    expect(auditDetailLines({before: {role: 'finance'}, after: {role: 'owner'}, fields: ['name', 'email'], count: 3, nested: {}})).toEqual([
      'before.role: finance',
      'after.role: owner',
      'fields: name, email',
      'count: 3',
      'nested: —',
    ])
  })
})
