/**
 * The terms rule (schemas/rules/terms.ts, docs/requirements.md#req-terms): only `true`
 * accepts, in the shared enrolment schema (form and create-order) and in create-order's body
 * schema; the error names the field; the admin detail's description of an acceptance.
 */
import {describe, expect, it} from 'vitest'
import {CreateOrderSchema} from '#schemas/contracts/enrolment'
import {EnrolmentFormSchema} from '#schemas/contracts/forms/enrolment'
import {describeTermsAcceptance, isTermsAccepted, TERMS_LABEL, TERMS_MESSAGE, TERMS_NOT_RECORDED, termsAcceptance} from '#schemas/rules/terms'

const form = {name: 'Asha Pillai', email: 'asha@example.com', mobile: '+91 98470 12345', trainingProgram: 'stcw-courses', course: 'AFFA', amount: 900}
const issues = (schema: typeof EnrolmentFormSchema | typeof CreateOrderSchema, input: unknown) => {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
}

describe('the terms rule', () => {
  it('quotes the issue exactly', () => {
    expect(TERMS_LABEL).toBe('I have read and accept the Terms & Conditions and the Cancellation & Refund Policy')
    expect(TERMS_MESSAGE).toBe('Please accept the terms to continue.')
  })

  it('accepts only true', () => {
    expect(isTermsAccepted(true)).toBe(true)
    for (const value of [undefined, null, false, 'on', 'true', 1, {}]) expect(isTermsAccepted(value), JSON.stringify(value)).toBe(false)
  })

  for (const schema of [EnrolmentFormSchema, CreateOrderSchema]) {
    it(`${schema === EnrolmentFormSchema ? 'the form' : 'create-order'}: termsAccepted must be true, else the message on the field`, () => {
      expect(issues(schema, {...form, termsAccepted: true})).toEqual([])
      expect(schema.parse({...form, termsAccepted: true})).toMatchObject({termsAccepted: true})
      for (const termsAccepted of [undefined, false, 'on', 'true', 1, null]) {
        expect(issues(schema, {...form, termsAccepted}), JSON.stringify(termsAccepted)).toEqual([['termsAccepted', TERMS_MESSAGE]])
      }
    })
  }

  it('reports a missing acceptance together with the other field errors (the form lists every error)', () => {
    const found = issues(EnrolmentFormSchema, {...form, trainingProgram: 'competency-training', course: 'COE', amount: 180})
    expect(found).toEqual(
      expect.arrayContaining([
        ['termsAccepted', TERMS_MESSAGE],
        ['country', 'Please select a country for competency training.'],
      ]),
    )
    // Also next to a missing required field, which no longer stops the form-level checks (the country's).
    const {name: _name, ...withoutName} = form
    expect(issues(EnrolmentFormSchema, {...withoutName, trainingProgram: 'competency-training', course: 'COE', amount: 180}).sort()).toEqual([
      ['country', 'Please select a country for competency training.'],
      ['name', 'Please enter your full name.'],
      ['termsAccepted', TERMS_MESSAGE],
    ])
  })
})

describe('the stored acceptance', () => {
  const now = new Date('2026-11-24T10:15:00Z')
  it('keeps the time and the two pages’ last-updated dates', () => {
    expect(termsAcceptance(now, {terms: '2026-11-01', refund: '2026-10-15'})).toEqual({
      acceptedAt: '2026-11-24T10:15:00.000Z',
      termsUpdated: '2026-11-01',
      refundPolicyUpdated: '2026-10-15',
    })
    expect(termsAcceptance(now, null)).toEqual({acceptedAt: '2026-11-24T10:15:00.000Z', termsUpdated: null, refundPolicyUpdated: null})
  })
  it('is described for staff, and says when an older order has none', () => {
    const text = describeTermsAcceptance(termsAcceptance(now, {terms: '2026-11-01', refund: null}))
    expect(text).toContain('2026')
    expect(text).toContain('Terms & Conditions of 1 November 2026')
    expect(text).toContain('Cancellation & Refund Policy of undated')
    expect(describeTermsAcceptance(undefined)).toBe(TERMS_NOT_RECORDED)
  })
})
