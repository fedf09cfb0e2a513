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

/** A required mobile number (PHONE_PATTERN, trimmed): the enrolment form's and the waitlist's. */
export const mobileField = () =>
  z
    .string({required_error: 'Please enter your mobile number.'})
    .trim()
    .min(1, 'Please enter your mobile number.')
    .regex(PHONE_PATTERN, 'Please enter a valid mobile number, e.g. +971 50 123 4567.')

/** Control characters (C0 incl. CR/LF and tab, DEL, C1) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** The message for a name with a line break or another control character. */
export const NAME_ON_ONE_LINE_MESSAGE = 'Please enter your name on one line, without special characters.'

/**
 * A required person's name: trimmed, 1 to 120 characters, on one line — no CR/LF or other control
 * character, so it can never break the header of an e-mail it reaches (the subjects of
 * the staff notices carry it). `message` is the form's "required" text.
 */
export const personNameField = (message: string) =>
  z
    .string({required_error: message, invalid_type_error: message})
    .trim()
    .min(1, message)
    .max(120, 'Please use at most 120 characters.')
    .refine((name) => !CONTROL_CHARACTERS.test(name), NAME_ON_ONE_LINE_MESSAGE)
