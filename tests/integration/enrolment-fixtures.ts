/**
 * A new enrolment as create-order stores it (netlify/services/enrolments/record.ts NewEnrolment), for
 * tests that write records directly: a pre-sea course at $50 (5000 cents) in sandbox mode, with a
 * unique order id `order_<prefix>NNNNNN` per call. `overrides` replace any field.
 */
import type {NewEnrolment} from '#netlify/services/enrolments/record'

let counter = 0

export function newEnrolment(prefix: string, overrides: Partial<NewEnrolment> = {}): NewEnrolment {
  counter++
  return {
    orderId: `order_${prefix}${String(counter).padStart(6, '0')}`,
    receipt: `enr_${prefix}${counter}`,
    name: `Test Person ${counter}`,
    email: `${prefix}${counter}@example.com`,
    mobile: '+63 917 123 4567',
    trainingProgram: 'pre-sea-training',
    trainingProgramName: 'Pre-Sea Training',
    course: 'PSF',
    courseName: 'Pre-Sea Foundation',
    country: '',
    countryName: '',
    amount: 50,
    amountMinor: 5000,
    currency: 'USD',
    attachments: [],
    mode: 'sandbox',
    ...overrides,
  }
}
