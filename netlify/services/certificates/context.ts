/**
 * What a course certificate needs from the content (docs/requirements.md#req-issue-20-certificates):
 * the provider as certificates print it (site settings: company name, contact, the receipts'
 * number prefix, the signatory's name and title, the approval or accreditation number) and the
 * enrolled course (its full name, certificate `code` and `certificateValidityYears`), found by the
 * enrolment's program slug and course short name (netlify/platform/content/queries.ts CERTIFICATE_CONTEXT_QUERY).
 */
import {fetchContent} from '#netlify/platform/content/client'
import {CERTIFICATE_CONTEXT_QUERY} from '#netlify/platform/content/queries'
import {DEFAULT_RECEIPT_PREFIX, RECEIPT_PREFIX_PATTERN} from '#schemas/rules/receipt-number'
import {COURSE_CODE_PATTERN} from '#schemas/rules/certificates'
import type {CertificateProvider} from './certificate-pdf'

/** The course as a certificate uses it. `validityYears` null: the certificate does not expire. */
export type CertificateCourse = {
  /** The course document's `_id` (e.g. `course-offshore-survival-bosiet`). */
  id: string
  /** The `_id` without `course-`: the course's slug in certificate records (`offshore-survival-bosiet`). */
  slug: string
  /** The program (category) slug, e.g. `offshore-survival`: the course's page is /courses/{category}. */
  category: string
  /** The short name, e.g. `BOSIET`. */
  name: string
  /** The full name printed on the certificate. */
  fullName: string
  /** The certificate code (COURSE_CODE_PATTERN), or null when the content has none (no certificate can be issued). */
  code: string | null
  validityYears: number | null
}

/** What the certificate context is: the provider, the number prefix, and the course (null when the content has no such course). */
export type CertificateContext = {provider: CertificateProvider; prefix: string; course: CertificateCourse | null}

/**
 * The certificate context of the course `course` (short name) of program `program` (slug): the
 * provider from the site settings (the receipt prefix, `MTC` when empty or invalid) and the course,
 * or `course: null` when the content has no such course (the cadetship programme has no course
 * document). Throws when the content cannot be read or has no site settings.
 */
export async function certificateContext(program: string, course: string): Promise<CertificateContext> {
  const {settings, course: found} = await fetchContent(CERTIFICATE_CONTEXT_QUERY, {program, course})
  if (!settings) throw new Error('The siteSettings document is missing: certificates need the provider name and signatory')
  const prefix = settings.receiptPrefix && RECEIPT_PREFIX_PATTERN.test(settings.receiptPrefix) ? settings.receiptPrefix : DEFAULT_RECEIPT_PREFIX
  const validity = found?.certificateValidityYears
  return {
    provider: {
      name: settings.companyName,
      address: settings.contact.address,
      phone: settings.contact.phone,
      email: settings.contact.email,
      signatoryName: settings.certificateSignatoryName ?? '',
      signatoryTitle: settings.certificateSignatoryTitle ?? '',
      approvalNumber: settings.approvalNumber ?? null,
    },
    prefix,
    course: found
      ? {
          id: found._id,
          slug: found._id.replace(/^course-/, ''),
          category: found.category,
          name: found.name,
          fullName: found.fullName || found.name,
          code: typeof found.code === 'string' && COURSE_CODE_PATTERN.test(found.code) ? found.code : null,
          validityYears: typeof validity === 'number' && Number.isInteger(validity) && validity > 0 ? validity : null,
        }
      : null,
  }
}
