/**
 * What the admin specs share: the token the mocked admin APIs accept, storing a
 * token as the login leaves it, the e2e admin account (playwright.config.ts starts the server
 * with it), a real login through the API (only failed logins count towards the throttle), and a
 * real sandbox order, paid or not, and a real group booking.
 */
import type {APIRequestContext, Page} from '@playwright/test'
import {GroupCardResponseSchema, GroupInvoiceResponseSchema, type GroupBookingRequest} from '#schemas/contracts/group-bookings'
import {expect} from './fixtures'

/** The bearer token every mocked admin API of the specs accepts. */
export const MOCK_TOKEN = 'mock-admin-token'

/** The admin account of the e2e server (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts). */
export const ADMIN = {email: 'admin@example.com', password: 'e2e-admin-password'}

/** How history entries and refunds name the e2e admin (the bootstrap owner): its name and e-mail. */
export const ADMIN_ACCOUNT = 'Owner <admin@example.com>'

/** Stores `token` once (not again after the page reloads itself on logout). */
export async function seedToken(page: Page, token = MOCK_TOKEN) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-seeded')) {
      localStorage.setItem('authToken', value)
      sessionStorage.setItem('e2e-seeded', '1')
    }
  }, token)
}

/** A real login through POST /api/admin: the bearer token. */
export async function loginThroughApi(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin', {data: ADMIN})
  expect(login.status(), await login.text()).toBe(200)
  return ((await login.json()) as {authToken: string}).authToken
}

/** A unique word for a spec's records: `prefix` + 6 letters. */
export const uniqueTag = (prefix: string) =>
  `${prefix}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)
    .padEnd(6, 'x')}`

/**
 * A real sandbox order for the pre-sea PSF course ($50) by `name`: created, then (`pay`) paid in the
 * sandbox and saved. Resolves to the order id (and, once saved, its confirmation page's path).
 */
export async function createPsfOrder(
  request: APIRequestContext,
  name: string,
  email: string,
  pay: 'paid' | 'pending' | 'captured-not-saved',
): Promise<{orderId: string; paymentId?: string; confirmationUrl?: string}> {
  const order = await request.post('/api/enroll/create-order', {
    data: {name, email, mobile: '+91 98470 33333', trainingProgram: 'pre-sea-training', course: 'PSF', amount: 50, currency: 'USD', termsAccepted: true},
  })
  expect(order.status(), await order.text()).toBe(200)
  const {id: orderId} = (await order.json()) as {id: string}
  if (pay === 'pending') return {orderId}
  const paid = await request.post('/api/sandbox/pay', {data: {orderId}})
  expect(paid.status(), await paid.text()).toBe(200)
  const body = (await paid.json()) as {razorpay_payment_id: string}
  if (pay === 'paid') {
    const saved = await request.post('/api/enroll/save', {data: body})
    expect(saved.status(), await saved.text()).toBe(200)
    return {orderId, paymentId: body.razorpay_payment_id, confirmationUrl: ((await saved.json()) as {confirmationUrl: string}).confirmationUrl}
  }
  return {orderId, paymentId: body.razorpay_payment_id}
}

/** A paid sandbox cadetship enrolment by `name` (no batch: the API does not require one). */
export async function paidCadet(
  request: APIRequestContext,
  name: string,
  email = 'cadet-e2e@example.com',
): Promise<{orderId: string; confirmationUrl: string}> {
  const order = await request.post('/api/enroll/create-order', {
    data: {
      name,
      email,
      mobile: '+63 917 555 0101',
      trainingProgram: 'cadetship-training',
      course: 'deck-cadet',
      amount: 3500,
      currency: 'USD',
      termsAccepted: true,
    },
  })
  expect(order.status(), await order.text()).toBe(200)
  const {id: orderId} = (await order.json()) as {id: string}
  const paid = await request.post('/api/sandbox/pay', {data: {orderId}})
  expect(paid.status(), await paid.text()).toBe(200)
  const saved = await request.post('/api/enroll/save', {data: await paid.json()})
  expect(saved.status(), await saved.text()).toBe(200)
  return {orderId, confirmationUrl: ((await saved.json()) as {confirmationUrl: string}).confirmationUrl}
}

/**
 * A real group booking of 2 seats of `batchId` through POST /api/group-bookings (what the form
 * sends); paid by card, it is paid in the sandbox and saved. Resolves to the booking page's path.
 */
export async function groupBookingThroughApi(request: APIRequestContext, batchId: string, payBy: 'card' | 'invoice'): Promise<string> {
  const body: GroupBookingRequest = {
    batchId,
    seats: 2,
    payBy,
    termsAccepted: true,
    company: {
      name: `Axe ${uniqueTag('Shipping')}`,
      contactName: 'Maria Santos',
      email: 'crewing@example.com',
      phone: '+63 917 555 0101',
      address: '12 Harbour Road, Manila',
      country: 'PH',
    },
  }
  const booked = await request.post('/api/group-bookings', {data: body})
  expect(booked.status(), await booked.text()).toBe(200)
  if (payBy === 'invoice') {
    const {bookingId, key} = GroupInvoiceResponseSchema.parse(await booked.json())
    return `/book/group/${bookingId}/${key}`
  }
  const order = GroupCardResponseSchema.parse(await booked.json())
  const paid = await request.post('/api/sandbox/pay', {data: {orderId: order.id}})
  expect(paid.status(), await paid.text()).toBe(200)
  const saved = await request.post('/api/enroll/save', {data: await paid.json()})
  expect(saved.status(), await saved.text()).toBe(200)
  return ((await saved.json()) as {confirmationUrl: string}).confirmationUrl
}
