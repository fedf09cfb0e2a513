/**
 * Field rules shared by the site's forms (enrolment, contact), so an email address or a phone
 * number is judged the same way everywhere.
 */
import {z} from 'zod'

/** A required email address (at most 254 characters, trimmed). */
export const emailField = () =>
  z
    .string({required_error: 'Please enter your email address.'})
    .trim()
    .min(1, 'Please enter your email address.')
    .max(254)
    .email('Please enter a valid email address.')

/** Digits with an optional leading +, spaces, dashes and brackets: 7 to 20 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/
