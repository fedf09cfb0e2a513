/**
 * docs/requirements.md#req-terms: POST /api/enroll/create-order requires
 * `termsAccepted: true` — without it (missing, false, 'on') a 400 with 'Please accept the terms to
 * continue.' naming the field, and nothing is stored; with it, the enrolment keeps the acceptance
 * time and the legal pages' "Last updated" dates from the content (the test seed's legalPage
 * documents), and the admin detail answers them.
 */
import {describe, expect, it} from 'vitest'
import createOrder from '#netlify/functions/enrolment-create-order'
import {getEnrolment, listEnrolments} from '#netlify/services/enrolments/enrolments'
import {toDetail} from '#netlify/services/admin/enrolments'
import {EnrolmentDetailSchema} from '#schemas/contracts/admin'
import {fetchContent} from '#netlify/platform/content/client'
import {LEGAL_UPDATED_QUERY} from '#netlify/platform/content/queries'
import {call, jsonRequest, usePaymentsTestEnvironment, validForm} from './payments-fixtures'

usePaymentsTestEnvironment()

describe('create-order and the terms', () => {
  for (const [label, value] of [
    ['missing', undefined],
    ['false', false],
    ["the form's 'on'", 'on'],
    ['"true" as text', 'true'],
  ] as const) {
    it(`answers 400 when termsAccepted is ${label}, and stores nothing`, async () => {
      const before = (await listEnrolments()).length
      const {termsAccepted: _accepted, ...withoutTerms} = validForm()
      const body = value === undefined ? withoutTerms : {...withoutTerms, termsAccepted: value}
      const result = await call(createOrder, jsonRequest('/api/enroll/create-order', body))
      expect(result.status).toBe(400)
      expect(result.body).toEqual({error: 'Please accept the terms to continue.', details: {termsAccepted: ['Please accept the terms to continue.']}})
      expect((await listEnrolments()).length).toBe(before)
    })
  }

  it('stores the acceptance time and the legal pages’ last-updated dates with the enrolment', async () => {
    const legal = await fetchContent(LEGAL_UPDATED_QUERY)
    // The seed dates both pages: the test would pass vacuously with nulls.
    expect(legal.terms).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(legal.refund).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const before = Date.now()
    const result = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
    expect(result.status, JSON.stringify(result.body)).toBe(200)
    const record = await getEnrolment(result.body.id)
    expect(record?.termsAcceptance).toEqual({acceptedAt: expect.any(String), termsUpdated: legal.terms, refundPolicyUpdated: legal.refund})
    const acceptedAt = Date.parse(record!.termsAcceptance!.acceptedAt)
    expect(acceptedAt).toBeGreaterThanOrEqual(before - 1000)
    expect(acceptedAt).toBeLessThanOrEqual(Date.now())
    // The admin detail answers it (EnrolmentDetailSchema keeps the field).
    expect(EnrolmentDetailSchema.parse(toDetail(record!)).termsAcceptance).toEqual(record!.termsAcceptance)
  })
})
