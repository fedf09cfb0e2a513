/** The shared enrolment schema (schemas/contracts/forms/enrolment.ts): the spec's messages, in the spec's priority. */
import {describe, expect, it} from 'vitest'
import {CreateOrderSchema, PaymentResultSchema} from '#schemas/contracts/enrolment'
import {EnrolmentFormSchema} from '#schemas/contracts/forms/enrolment'

const valid = {
  name: 'Asha Pillai',
  email: 'asha@example.com',
  mobile: '+91 98470 12345',
  trainingProgram: 'stcw-courses',
  course: 'AFFA',
  amount: '900',
  termsAccepted: true,
}
const messages = (input: unknown) => {
  const result = EnrolmentFormSchema.safeParse(input)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('EnrolmentFormSchema', () => {
  it('accepts a complete form and coerces the amount to a number', () => {
    expect(EnrolmentFormSchema.parse(valid)).toMatchObject({amount: 900, currency: 'USD'})
  })
  it('gives the spec messages for a missing course and amount', () => {
    expect(messages({...valid, course: ''}).course).toBe('Please select a valid course to proceed.')
    expect(messages({...valid, amount: ''}).amount).toBe('Please enter a valid amount.')
    expect(messages({...valid, amount: 'abc'}).amount).toBe('Please enter a valid amount.')
    expect(messages({...valid, amount: '-5'}).amount).toBe('Please enter a valid amount.')
  })
  it('accepts only whole cents: a number or the decimal text with at most 2 decimals', () => {
    for (const amount of [900, '900', '900.5', '900.50', 899.99, '0.01']) expect(messages({...valid, amount}), String(amount)).toEqual({})
    for (const amount of ['0x64', [100], ' 100 ', '100 ', 99.995, '99.995', '1e2', '+100', '100.', '.5', true, {}, Number.POSITIVE_INFINITY, 0, '0']) {
      expect(messages({...valid, amount}).amount, JSON.stringify(amount)).toBe('Please enter a valid amount.')
    }
  })
  it('asks for the country first when competency training has none (the amount follows it)', () => {
    expect(messages({...valid, trainingProgram: 'competency-training', course: 'COE', amount: ''})).toEqual({
      country: 'Please select a country for competency training.',
    })
  })
  it('refuses a malformed email or mobile', () => {
    expect(messages({...valid, email: 'asha@'}).email).toBe('Please enter a valid email address.')
    expect(messages({...valid, mobile: 'call me'}).mobile).toMatch(/valid mobile number/)
  })
  it('limits attachments to five upload ids', () => {
    const ids = Array.from({length: 6}, (_, i) => `upl_${'a'.repeat(20)}${i}`)
    expect(CreateOrderSchema.safeParse({...valid, attachments: ids}).success).toBe(false)
    expect(CreateOrderSchema.safeParse({...valid, attachments: ids.slice(0, 5)}).success).toBe(true)
  })
  it("checks the shape of Razorpay's payment result", () => {
    const result = {razorpay_order_id: 'order_ABC123def', razorpay_payment_id: 'pay_XYZ789abc', razorpay_signature: 'a'.repeat(64)}
    expect(PaymentResultSchema.safeParse(result).success).toBe(true)
    expect(PaymentResultSchema.safeParse({...result, razorpay_signature: 'not-hex'}).success).toBe(false)
  })
})
