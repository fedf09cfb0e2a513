/**
 * The order amount: the domain's quote() over the seed catalogue, in minor units through the
 * domain's toMinorUnits (never re-implemented), and the gateway's sandbox orders.
 */
import {beforeAll, describe, expect, it} from 'vitest'
import {createOrder, randomId} from '#netlify/platform/payments/gateway'
import {parsePaymentsConfig} from '#netlify/platform/payments/config'
import {quote, type EnrolmentCatalogue} from '#schemas/rules/enrolment'
import {toMinorUnits} from '#schemas/rules/price'
import {fetchContent} from '#netlify/platform/content/client'
import {ENROLMENT_CATALOGUE_QUERY} from '#netlify/platform/content/queries'

let catalogue: EnrolmentCatalogue

beforeAll(async () => {
  catalogue = await fetchContent(ENROLMENT_CATALOGUE_QUERY)
})

const minor = (selection: {trainingProgram: string; course: string; country?: string}) => {
  const result = quote(catalogue, selection)
  if (!result.ok) throw new Error(result.message)
  return toMinorUnits(result.amountUsd)
}

describe('order amounts in minor units', () => {
  it('fixed-price courses, competency rank × country and the cadetship', () => {
    expect(minor({trainingProgram: 'pre-sea-training', course: 'PSF'})).toBe(5000)
    expect(minor({trainingProgram: 'stcw-courses', course: 'AFFA'})).toBe(90000)
    expect(minor({trainingProgram: 'competency-training', course: 'Master/Chief officer', country: 'vietnam'})).toBe(440000)
    expect(minor({trainingProgram: 'competency-training', course: 'Master/Chief officer', country: 'aruba'})).toBe(220000)
    expect(minor({trainingProgram: 'competency-training', course: 'Tanker Endorsement', country: 'thailand'})).toBe(5000)
    expect(minor({trainingProgram: 'cadetship-training', course: 'deck-cadet'})).toBe(350000)
  })

  it('rounds to the cent, so float noise never changes the charge', () => {
    expect(toMinorUnits(0.1 + 0.2)).toBe(30)
    expect(toMinorUnits(19.99)).toBe(1999)
    expect(toMinorUnits(4400)).toBe(440000)
  })
})

describe('sandbox orders', () => {
  const sandbox = parsePaymentsConfig({})

  it('are local, with order_sandbox_ ids, the amount and currency asked', async () => {
    const a = await createOrder(sandbox, {amountMinor: 440000, currency: 'USD', receipt: 'enr_x', notes: {}})
    const b = await createOrder(sandbox, {amountMinor: 440000, currency: 'USD', receipt: 'enr_y', notes: {}})
    expect(a).toEqual({id: expect.stringMatching(/^order_sandbox_[A-Za-z0-9]{14}$/), amount: 440000, currency: 'USD'})
    expect(a.id).not.toBe(b.id)
  })

  it('refuse amounts that are not whole positive minor units, odd currencies and long receipts', async () => {
    for (const amountMinor of [0, -100, 4400.5, Number.NaN]) {
      await expect(createOrder(sandbox, {amountMinor, currency: 'USD', receipt: 'enr_x', notes: {}})).rejects.toThrow(/amount/)
    }
    await expect(createOrder(sandbox, {amountMinor: 100, currency: 'usd', receipt: 'enr_x', notes: {}})).rejects.toThrow(/currency/)
    await expect(createOrder(sandbox, {amountMinor: 100, currency: 'USD', receipt: 'r'.repeat(41), notes: {}})).rejects.toThrow(/receipt/)
  })

  it('randomId gives letters and digits of the length asked', () => {
    const ids = Array.from({length: 200}, () => randomId(20))
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(new Set(ids).size).toBe(200)
  })
})
