/**
 * Which cache tags a published (or deleted) Sanity document affects. The Sanity webhook sends
 * the projection `{_id, _type, "slug": slug.current, "category": category->slug.current}`
 * (README, "Caching and revalidation"); the tags match those the page loaders set through
 * netlify/platform/cache.ts.
 */
import {z} from 'zod'
import {cacheTags, CONTENT_TAG, docTag, sanitizeTag} from '#netlify/platform/cache'

const slugField = z
  .union([z.string(), z.object({current: z.string().nullish()}).transform((slug) => slug.current), z.null()])
  .optional()
  .transform((slug) => slug || null)

export const WebhookPayloadSchema = z.object({
  _id: z.string().min(1, 'The webhook projection must include _id'),
  _type: z.string().min(1, 'The webhook projection must include _type'),
  slug: slugField,
  category: slugField,
})

export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>

/**
 * Document types the site's pages tag by type. Anything else (siteSettings, which is on every
 * page, or a type the site does not know) purges the generic 'content' tag: every page.
 */
export const TAGGED_TYPES = new Set([
  'homePage',
  'aboutPage',
  'coursesPage',
  'courseCategory',
  'course',
  'competencyFeeTable',
  'cadetshipProgramme',
  'servicesPage',
  'servicePage',
  'trainingProvider',
  'legalPage',
  'exam',
  'location',
  'testimonial',
])

/** The tags to purge for `document`: type, document and category tags, or 'content' for everything. */
export function tagsForDocument(document: WebhookPayload): string[] {
  const type = sanitizeTag(document._type)
  if (!TAGGED_TYPES.has(document._type)) return [CONTENT_TAG]
  const tags = [`type:${type}`, docTag(document._id)]
  if (document._type === 'courseCategory' && document.slug) tags.push(`category:${document.slug}`)
  if (document._type === 'course' && document.category) tags.push(`category:${document.category}`)
  // cacheTags puts 'content' first for page headers; a purge of 'content' would empty everything.
  return cacheTags(tags).filter((tag) => tag !== CONTENT_TAG)
}
