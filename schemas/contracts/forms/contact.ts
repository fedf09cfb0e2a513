/**
 * The contact form (docs/requirements.md#req-entities-contact, #req-validation-contact): name, email, subject and message required,
 * phone optional, subject from the spec's list. Used by the /contact page (browser and
 * action) and by POST /api/contact. `website` is a honeypot: people leave it empty.
 */
import {z} from 'zod'
import {emailField, personNameField, PHONE_PATTERN} from './fields'

/** docs/requirements.md#req-validation-contact, in the spec's order. */
export const CONTACT_SUBJECTS = [
  'General Inquiry',
  'Course Information',
  'Certification Services',
  'Vessel Registration',
  'Technical Support',
  'Partnership Opportunities',
] as const

export const CONTACT_MESSAGES = {
  success: 'Thank you for your message! We will get back to you soon.',
} as const

export const ContactSchema = z.object({
  name: personNameField('Please enter your name.'),
  email: emailField(),
  phone: z
    .string()
    .trim()
    .max(40)
    .refine((phone) => phone === '' || PHONE_PATTERN.test(phone), 'Please enter a valid phone number or leave it empty.')
    .optional(),
  subject: z.enum(CONTACT_SUBJECTS, {errorMap: () => ({message: 'Please choose a subject.'})}),
  message: z
    .string({required_error: 'Please enter your message.'})
    .trim()
    .min(1, 'Please enter your message.')
    .max(5000, 'Please keep your message under 5000 characters.'),
  /** Honeypot: hidden from people; a filled value marks a bot. */
  website: z.string().max(0).optional(),
})

export type ContactMessage = z.infer<typeof ContactSchema>
