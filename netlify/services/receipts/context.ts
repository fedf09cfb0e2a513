/**
 * What receipts and staff e-mails print about the provider, read from the content:
 * the site settings' company name and contact, the receipt number prefix, and the refund
 * policy's first sentence (the refund page's summary).
 */
import {fetchContent} from '#netlify/platform/content/client'
import {RECEIPT_CONTEXT_QUERY} from '#netlify/platform/content/queries'
import {DEFAULT_RECEIPT_PREFIX, RECEIPT_PREFIX_PATTERN} from '#schemas/rules/receipt-number'
import type {ReceiptProvider} from './receipt-pdf'

/** What receipts print about the provider, from the site settings and the refund policy (Sanity). */
export type ReceiptContext = {provider: ReceiptProvider; prefix: string; refundPolicy: string}

/** The first sentence of `text` (up to and including its first `.`, `!` or `?` followed by a space or the end). */
export function firstSentence(text: string): string {
  const match = /^.*?[.!?](?=\s|$)/s.exec(text.trim())
  return (match ? match[0] : text).trim()
}

/** The refund sentence used when the legal content has none (the spec's rule: payments are final). */
const DEFAULT_REFUND_POLICY = 'All payments are final and non-refundable.'

/**
 * The receipt context from the content: provider name and contact, the receipt prefix (the seed's
 * MTC when the field is empty or invalid), and the refund policy's first sentence (the refund
 * page's summary). Throws when the content cannot be read or has no site settings.
 */
export async function receiptContext(): Promise<ReceiptContext> {
  const {settings, refundSummary} = await fetchContent(RECEIPT_CONTEXT_QUERY)
  if (!settings) throw new Error('The siteSettings document is missing: receipts need the provider name and contact')
  const prefix = settings.receiptPrefix && RECEIPT_PREFIX_PATTERN.test(settings.receiptPrefix) ? settings.receiptPrefix : DEFAULT_RECEIPT_PREFIX
  return {
    provider: {name: settings.companyName, address: settings.contact.address, phone: settings.contact.phone, email: settings.contact.email},
    prefix,
    refundPolicy: refundSummary ? firstSentence(refundSummary) : DEFAULT_REFUND_POLICY,
  }
}
