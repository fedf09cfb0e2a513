/**
 * Service pages (/services/{slug} and /services/officer-licensing/{slug}), legal pages,
 * training locations, testimonials and training providers.
 */
import {defineArrayMember, defineField, defineType} from 'sanity'
import {allowedSlug} from './shared'

const required = (Rule: any) => Rule.required()

/** Spec section 2: the service and officer-licensing paths that exist. */
export const SERVICE_SLUGS = [
  'vessel-registration',
  'yacht-registration',
  'maritime-labor',
  'officer-licensing',
  'seaman-book',
  'filing-agents',
  'ship-officer-crew',
] as const
export const OFFICER_LICENSING_SLUGS = [
  'deck-officers',
  'engineering-officers',
  'seaman-book',
  'hospitality',
  'cadet',
  'ab',
  'ii-officer',
  'chief-officer',
  'captain',
  'electrotechnical-certifications',
  'rating-certifications',
] as const

/** Spec section 2: the four legal pages. */
export const LEGAL_SLUGS = ['terms', 'privacy', 'refund', 'shipping'] as const

export const servicePage = defineType({
  name: 'servicePage',
  title: 'Service page',
  type: 'document',
  fields: [
    defineField({name: 'title', type: 'string', validation: required}),
    defineField({
      name: 'section',
      title: 'Section of the site',
      type: 'string',
      description: 'Services pages live at /services/{slug}; officer licensing pages at /services/officer-licensing/{slug}.',
      options: {list: [{title: 'Services', value: 'services'}, {title: 'Officer licensing', value: 'officer-licensing'}], layout: 'radio'},
      validation: required,
    }),
    defineField({
      name: 'slug',
      type: 'slug',
      options: {source: 'title'},
      validation: (Rule) => Rule.required(),
    }),
    defineField({name: 'summary', title: 'Summary (cards and search results)', type: 'text', rows: 2, validation: (Rule) => Rule.required().max(200)}),
    defineField({name: 'intro', type: 'text', rows: 3, validation: required}),
    defineField({name: 'body', type: 'richText', validation: required}),
    defineField({
      name: 'childPages',
      title: 'Linked sub-pages',
      type: 'array',
      of: [defineArrayMember({type: 'reference', to: [{type: 'servicePage'}]})],
      validation: (Rule) => Rule.unique(),
    }),
    defineField({name: 'showTrainingProviders', title: 'Show the recognised training providers', type: 'boolean', initialValue: false}),
    defineField({name: 'cta', title: 'Call to action', type: 'callToAction', validation: required}),
  ],
  // Document-level, because Sanity reports a slug field's own custom rule only as a warning.
  validation: (Rule) =>
    Rule.custom((doc: any) => allowedSlug(doc?.slug, doc?.section === 'officer-licensing' ? OFFICER_LICENSING_SLUGS : SERVICE_SLUGS)).error(),
  preview: {select: {title: 'title', section: 'section', slug: 'slug.current'}, prepare: ({title, section, slug}: any) => ({title, subtitle: section === 'officer-licensing' ? `/services/officer-licensing/${slug}` : `/services/${slug}`})},
})

export const legalPage = defineType({
  name: 'legalPage',
  title: 'Legal page',
  type: 'document',
  fields: [
    defineField({name: 'title', type: 'string', validation: required}),
    defineField({
      name: 'slug',
      type: 'slug',
      validation: (Rule) => Rule.required(),
    }),
    defineField({name: 'summary', type: 'text', rows: 2, validation: (Rule) => Rule.required().max(200)}),
    defineField({name: 'lastUpdated', type: 'date', validation: required}),
    defineField({name: 'body', type: 'richText', validation: required}),
  ],
  validation: (Rule) => Rule.custom((doc: any) => allowedSlug(doc?.slug, LEGAL_SLUGS)).error(),
  preview: {select: {title: 'title', subtitle: 'slug.current'}},
})

export const location = defineType({
  name: 'location',
  title: 'Training location',
  type: 'document',
  fields: [
    defineField({name: 'country', type: 'string', validation: required}),
    defineField({
      name: 'countryCode',
      title: 'ISO 3166-1 alpha-2 country code',
      type: 'string',
      description: 'Two lower-case letters, e.g. "ae" for the United Arab Emirates. Chooses the flag.',
      validation: (Rule) => Rule.required().regex(/^[a-z]{2}$/, {name: 'two lower-case letters'}),
    }),
    defineField({name: 'cities', type: 'array', of: [defineArrayMember({type: 'string'})], validation: (Rule) => Rule.required().min(1)}),
    defineField({name: 'order', type: 'number', validation: (Rule) => Rule.required().integer().min(0)}),
  ],
  preview: {select: {title: 'country', subtitle: 'countryCode'}},
})

export const testimonial = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  type: 'document',
  fields: [
    defineField({name: 'name', type: 'string', validation: required}),
    defineField({name: 'position', type: 'string', validation: required}),
    defineField({name: 'company', type: 'string', validation: required}),
    defineField({name: 'quote', type: 'text', rows: 4, validation: (Rule) => Rule.required().max(400)}),
    defineField({name: 'rating', type: 'number', validation: (Rule) => Rule.required().integer().min(1).max(5)}),
    defineField({name: 'isSample', title: 'Sample content (not a real graduate)', type: 'boolean', initialValue: true, validation: required}),
    defineField({name: 'image', type: 'image', options: {hotspot: true}, fields: [defineField({name: 'alt', type: 'string'})]}),
    defineField({name: 'order', type: 'number', validation: (Rule) => Rule.required().integer().min(0)}),
  ],
  preview: {select: {title: 'name', subtitle: 'company'}},
})

export const trainingProvider = defineType({
  name: 'trainingProvider',
  title: 'Training provider',
  type: 'document',
  fields: [
    defineField({name: 'name', type: 'string', validation: required}),
    defineField({name: 'address', type: 'string', validation: required}),
    defineField({name: 'city', type: 'string', validation: required}),
    defineField({name: 'postalCode', type: 'string', validation: required}),
    defineField({name: 'country', type: 'string', validation: required}),
    defineField({name: 'fax', type: 'string'}),
    defineField({name: 'validTill', type: 'date', validation: required}),
    defineField({name: 'note', type: 'text', rows: 2}),
    defineField({name: 'order', type: 'number', validation: (Rule) => Rule.required().integer().min(0)}),
  ],
  preview: {select: {title: 'name', subtitle: 'country'}},
})

export const pageTypes = [servicePage, legalPage, location, testimonial, trainingProvider]
