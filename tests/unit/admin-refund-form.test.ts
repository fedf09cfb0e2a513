// @vitest-environment jsdom
/**
 * The Refunds section of the enrolment detail dialog (~/components/admin/EnrolmentRefunds,
 * docs/requirements.md#req-refunds) rendered in a DOM with fetch stubbed: "Refund…"
 * only for a paid enrolment with something left; the form's checks before anything is sent;
 * two clicks on "Confirm refund" in a row send one request; a failure keeps what was typed and
 * "Try again" sends the same Idempotency-Key (also after Back); the next refund gets a new key;
 * success hands the enrolment on, announces it and lists the refund; 401 goes to onUnauthorized.
 */
import {act, createElement, useState} from 'react'
import {createRoot, type Root} from 'react-dom/client'
import {afterEach, beforeAll, describe, expect, it, vi} from 'vitest'
import {EnrolmentRefunds} from '~/components/admin/EnrolmentRefunds'
import {REFUND_MESSAGES} from '~/components/admin/api'
import type {EnrolmentDetail, Refund} from '#schemas/contracts/admin'
import type {RefundRequest} from '#schemas/contracts/refunds'
import {statusAfterRefunds} from '#schemas/rules/refunds'

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

const DETAIL: EnrolmentDetail = {
  orderId: 'order_sandbox_AAAAAAAAAAAAAA',
  receipt: 'rcpt_1',
  status: 'paid',
  name: 'Maria Santos',
  email: 'maria@example.com',
  mobile: '+63 917 000 0001',
  trainingProgram: 'stcw-courses',
  trainingProgramName: 'STCW Courses',
  course: 'BST',
  courseName: 'Basic STCW',
  country: '',
  countryName: '',
  amount: 150,
  amountMinor: 15000,
  currency: 'USD',
  attachments: [],
  paymentId: 'pay_sandbox_1',
  paidAt: '2026-11-24T09:05:00.000Z',
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:05:00.000Z',
  mode: 'sandbox',
  history: [],
  refunds: [],
}

/** The dialog's part: keeps the enrolment it is handed back, as the dialog does. */
function render(detail: EnrolmentDetail, onUnauthorized = vi.fn()) {
  const updates: EnrolmentDetail[] = []
  function Harness() {
    const [current, setCurrent] = useState(detail)
    return createElement(EnrolmentRefunds, {
      detail: current,
      token: 't0ken',
      onUnauthorized,
      onUpdated: (next: EnrolmentDetail) => {
        updates.push(next)
        setCurrent(next)
      },
    })
  }
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  act(() => root!.render(createElement(Harness)))
  return {updates, onUnauthorized}
}

const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null
const field = <T extends HTMLElement>(label: string) => {
  const element = [...container.querySelectorAll('label')].find((l) => l.textContent?.trim() === label)
  return (element ? document.getElementById(element.htmlFor) : null) as T | null
}
const alerts = () => [...container.querySelectorAll('[role=alert]')].map((a) => a.textContent)
const status = () => container.querySelector('[role=status]')?.textContent

/** Sets a field's value the way typing does (React listens to input/change events). */
function setValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!.call(element, value)
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', {bubbles: true}))
  })
}

const click = (name: string) => act(() => button(name)!.click())

/** A refund answer as the API gives it: the refund and the enrolment after it. */
function answer(detail: EnrolmentDetail, request: RefundRequest, n: number): {refund: Refund; enrolment: EnrolmentDetail} {
  const refund: Refund = {
    id: `rf_${n}`,
    gatewayRefundId: `rfnd_sandbox_${n}`,
    amount: request.amount,
    currency: 'USD',
    reason: request.reason,
    ...(request.note ? {note: request.note} : {}),
    status: 'processed',
    by: 'admin@example.com',
    createdAt: '2026-11-25T10:00:00.000Z',
  }
  const refunds = [...detail.refunds, refund]
  return {refund, enrolment: {...detail, refunds, status: statusAfterRefunds(detail.amountMinor, refunds, detail.status)}}
}

/** A fetch that holds each request until the test settles it. */
function heldFetch() {
  const calls: {key: string; body: RefundRequest; settle: (response: Response | Error) => void}[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          calls.push({
            key: (init.headers as Record<string, string>)['Idempotency-Key']!,
            body: JSON.parse(String(init.body)) as RefundRequest,
            settle: (response) => (response instanceof Error ? reject(response) : resolve(response)),
          })
        }),
    ),
  )
  return calls
}

async function settle(call: {settle: (response: Response | Error) => void}, response: Response | Error) {
  await act(async () => {
    call.settle(response)
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

describe('EnrolmentRefunds', () => {
  it('offers no refund for an unpaid enrolment', () => {
    render({...DETAIL, status: 'pending', paidAt: undefined, paymentId: undefined})
    expect(button('Refund…')).toBeNull()
    expect(container.textContent).toContain('Not paid: there is nothing to refund.')
  })

  it('offers no refund once the payment was refunded in full, and lists the refunds newest first', () => {
    const refunds: Refund[] = [
      {...answer(DETAIL, {amount: 5000, reason: 'other'}, 1).refund, status: 'failed', failureReason: 'Card closed', gatewayRefundId: undefined},
      answer(DETAIL, {amount: 15000, reason: 'course-cancelled'}, 2).refund,
    ]
    render({...DETAIL, status: 'refunded', refunds})
    expect(button('Refund…')).toBeNull()
    expect(container.textContent).toContain('Refunded so far: $150 USD of $150 USD (refunded in full).')
    const items = [...container.querySelectorAll('ol > li')].map((li) => li.textContent)
    expect(items).toHaveLength(2)
    expect(items[0]).toContain('$150 USD')
    expect(items[0]).toContain('Processed')
    expect(items[0]).toContain('Course cancelled')
    expect(items[0]).toContain('Refund ID: rfnd_sandbox_2')
    expect(items[1]).toContain('Failed: Card closed')
    expect(items[1]).toContain('Refund ID: rf_1')
  })

  it('checks the form before sending: the amount opens with what is left; the reason must be chosen', () => {
    const calls = heldFetch()
    render(DETAIL)
    click('Refund…')
    const amount = field<HTMLInputElement>('Amount (USD)')!
    expect(amount.value).toBe('150')
    expect(amount.inputMode).toBe('decimal')
    expect(document.activeElement).toBe(amount)
    expect(field<HTMLSelectElement>('Reason')!.value).toBe('')

    setValue(amount, '150.01')
    click('Continue')
    expect(alerts()).toEqual(['The amount is more than can be refunded: at most $150 USD.'])
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(amount)

    setValue(amount, '25')
    click('Continue')
    expect(alerts()).toEqual(['Choose the reason for the refund.'])
    expect(document.activeElement).toBe(field('Reason'))
    expect(calls).toHaveLength(0)

    click('Cancel')
    expect(field('Amount (USD)')).toBeNull()
    expect(document.activeElement).toBe(button('Refund…'))
  })

  it('sends once on a double click; a failure keeps the input and Try again sends the same key; the next refund gets a new key', async () => {
    const calls = heldFetch()
    const {updates} = render(DETAIL)
    click('Refund…')
    setValue(field<HTMLInputElement>('Amount (USD)')!, '25')
    setValue(field<HTMLSelectElement>('Reason')!, 'duplicate-payment')
    setValue(field<HTMLTextAreaElement>('Note (optional)')!, ' Paid twice ')
    click('Continue')
    expect(container.textContent).toContain('Refund $25 USD to Maria Santos? This cannot be undone.')
    expect(document.activeElement).toBe(button('Confirm refund'))

    act(() => {
      button('Confirm refund')!.click()
      button('Confirm refund')!.click()
    })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.body).toEqual({amount: 2500, reason: 'duplicate-payment', note: 'Paid twice'})
    expect(button('Refunding...')!.disabled).toBe(true)
    expect(button('Back')!.disabled).toBe(true)
    act(() => button('Refunding...')!.click())
    expect(calls).toHaveLength(1)

    // No answer: the message, the same confirm step, "Try again" with the same key.
    await settle(calls[0]!, new TypeError('Failed to fetch'))
    expect(alerts()).toEqual([REFUND_MESSAGES.noAnswer])
    expect(document.activeElement).toBe(button('Try again'))
    click('Back')
    expect(field<HTMLInputElement>('Amount (USD)')!.value).toBe('25')
    expect(field<HTMLSelectElement>('Reason')!.value).toBe('duplicate-payment')
    expect(field<HTMLTextAreaElement>('Note (optional)')!.value).toBe(' Paid twice ')
    click('Continue')
    click('Confirm refund')
    expect(calls).toHaveLength(2)
    expect(calls[1]!.key).toBe(calls[0]!.key)

    // The gateway refused: its reason is shown; nothing changed here.
    await settle(calls[1]!, Response.json({error: 'The gateway refused the refund: BAD_REQUEST_ERROR. Nothing was changed.'}, {status: 502}))
    expect(alerts()).toEqual(['The gateway refused the refund: BAD_REQUEST_ERROR. Nothing was changed.'])
    expect(updates).toHaveLength(0)
    click('Try again')
    expect(calls).toHaveLength(3)
    expect(calls[2]!.key).toBe(calls[0]!.key)

    const first = answer(DETAIL, calls[2]!.body, 1)
    await settle(calls[2]!, Response.json(first, {status: 201}))
    expect(updates).toEqual([first.enrolment])
    expect(status()).toBe('Refund of $25 USD requested: Processed.')
    expect(alerts()).toEqual([])
    expect(field('Amount (USD)')).toBeNull()
    expect(container.textContent).toContain('Refunded so far: $25 USD of $150 USD ($125 USD left).')
    expect(document.activeElement?.textContent).toContain('Refunded so far')
    expect(container.querySelectorAll('ol > li')).toHaveLength(1)

    // The next refund: a new key, and the form opens with what is left.
    click('Refund…')
    expect(field<HTMLInputElement>('Amount (USD)')!.value).toBe('125')
    setValue(field<HTMLSelectElement>('Reason')!, 'other')
    click('Continue')
    click('Confirm refund')
    expect(calls).toHaveLength(4)
    expect(calls[3]!.key).not.toBe(calls[0]!.key)
    expect(calls[3]!.body).toEqual({amount: 12500, reason: 'other'})
    await settle(calls[3]!, Response.json(answer(first.enrolment, calls[3]!.body, 2), {status: 201}))
    expect(updates.at(-1)!.status).toBe('refunded')
    expect(button('Refund…')).toBeNull()
    expect(container.textContent).toContain('(refunded in full)')
  })

  it('Cancel drops the key: the form opened again sends a new one', async () => {
    const calls = heldFetch()
    render(DETAIL)
    click('Refund…')
    setValue(field<HTMLSelectElement>('Reason')!, 'other')
    click('Continue')
    click('Confirm refund')
    await settle(calls[0]!, Response.json({error: 'The gateway did not answer in time. Nothing was changed.'}, {status: 504}))
    click('Back')
    click('Cancel')
    click('Refund…')
    setValue(field<HTMLSelectElement>('Reason')!, 'other')
    click('Continue')
    click('Confirm refund')
    expect(calls).toHaveLength(2)
    expect(calls[1]!.key).not.toBe(calls[0]!.key)
  })

  it('a refused token goes to onUnauthorized', async () => {
    const calls = heldFetch()
    const {onUnauthorized} = render(DETAIL)
    click('Refund…')
    setValue(field<HTMLSelectElement>('Reason')!, 'other')
    click('Continue')
    click('Confirm refund')
    await settle(calls[0]!, Response.json({error: 'Invalid or expired token'}, {status: 401}))
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })
})
