/**
 * Service pages (/services/{slug} and /services/officer-licensing/{slug}), legal pages,
 * training locations, testimonials and training providers.
 */
import {defineArrayMember, defineField, defineType} from 'sanity'
import {LEGAL_SLUGS, servicePath} from '../rules/paths'
import {nextOrder} from './initialValues'
import {flagMedia} from './previews'
import {allowedSlug, imageField, radioField, required, slugField, type Fields} from './shared'

/** docs/requirements.md#req-routes: the service and officer-licensing paths that exist. */
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

export const servicePage = defineType({
  name: 'servicePage',
  title: 'Service page',
  type: 'document',
  fields: [
    defineField({
      name: 'title',
      type: 'string',
      description: 'Main heading (h1) of the page, the browser tab title and the title of its card on other pages.',
      validation: required,
    }),
    radioField({
      name: 'section',
      title: 'Section of the site',
      description: 'Where the page lives: services pages at /services/{slug}, officer licensing pages at /services/officer-licensing/{slug}.',
      choices: {services: 'Services', 'officer-licensing': 'Officer licensing'},
    }),
    slugField(
      'slug',
      'Last part of the page address, e.g. "vessel-registration"; only the addresses the site already has are allowed (the error message lists them).',
    ),
    defineField({
      name: 'summary',
      type: 'text',
      rows: 2,
      description: "One or two sentences on the page's card (services overview, linked sub-pages) and in search results; at most 200 characters.",
      validation: (Rule) => Rule.required().max(200),
    }),
    defineField({
      name: 'intro',
      type: 'text',
      rows: 3,
      description: 'Lead paragraph under the heading at the top of the page.',
      validation: required,
    }),
    defineField({
      name: 'body',
      type: 'richText',
      description: 'Main content of the page: text, headings, lists, links to pages on this site, process steps, requirement tables and callouts.',
      validation: required,
    }),
    defineField({
      name: 'childPages',
      title: 'Linked sub-pages',
      type: 'array',
      description: 'Optional cards under the body linking to other service pages (used by the officer licensing hub), in this order.',
      of: [defineArrayMember({type: 'reference', to: [{type: 'servicePage'}]})],
      validation: (Rule) => Rule.unique(),
    }),
    defineField({
      name: 'showTrainingProviders',
      title: 'Show the recognised training providers',
      type: 'boolean',
      description: 'When on, the page lists every training provider (see "Training provider" documents) under the body.',
      initialValue: false,
    }),
    defineField({
      name: 'cta',
      title: 'Call to action',
      type: 'callToAction',
      description: "The page's contact box: a sidebar card on wide screens, after the content on small ones.",
      validation: required,
    }),
  ],
  // Document-level, because Sanity reports a slug field's own custom rule only as a warning.
  validation: (Rule) =>
    Rule.custom((doc) => {
      const fields = (doc ?? {}) as Fields
      return allowedSlug(fields.slug as {current?: string} | undefined, fields.section === 'officer-licensing' ? OFFICER_LICENSING_SLUGS : SERVICE_SLUGS)
    }).error(),
  preview: {
    select: {title: 'title', section: 'section', slug: 'slug.current'},
    prepare: ({title, section, slug}) => ({title, subtitle: servicePath(section, slug)}),
  },
})

export const legalPage = defineType({
  name: 'legalPage',
  title: 'Legal page',
  type: 'document',
  fields: [
    defineField({
      name: 'title',
      type: 'string',
      description: 'Main heading (h1) of the page and the browser tab title, e.g. "Privacy Policy".',
      validation: required,
    }),
    defineField({
      name: 'slug',
      type: 'slug',
      description: `The page's address /{slug}; must be one of: ${LEGAL_SLUGS.join(', ')}.`,
      validation: (Rule) => Rule.required(),
    }),
    defineField({
      name: 'summary',
      type: 'text',
      rows: 2,
      description: 'Lead paragraph under the heading, also the search-result description; at most 200 characters.',
      validation: (Rule) => Rule.required().max(200),
    }),
    defineField({
      name: 'lastUpdated',
      type: 'date',
      description: 'Shown as "Last updated" at the top of the page; change it whenever the terms change.',
      validation: required,
    }),
    defineField({
      name: 'body',
      type: 'richText',
      description: 'Full text of the page: paragraphs, headings, lists and links to pages on this site.',
      validation: required,
    }),
  ],
  validation: (Rule) => Rule.custom((doc) => allowedSlug((doc as Fields | undefined)?.slug as {current?: string} | undefined, LEGAL_SLUGS)).error(),
  preview: {select: {title: 'title', subtitle: 'slug.current'}},
})

export const location = defineType({
  name: 'location',
  title: 'Training location',
  type: 'document',
  fields: [
    defineField({
      name: 'country',
      type: 'string',
      description: 'Country name shown on the location card in the home page\'s "training locations" section.',
      validation: required,
    }),
    defineField({
      name: 'countryCode',
      title: 'Country code (flag)',
      type: 'string',
      description: 'ISO 3166-1 alpha-2 code in two lower-case letters, e.g. "ae" for the United Arab Emirates; chooses the flag shown on the card.',
      validation: (Rule) => Rule.required().regex(/^[a-z]{2}$/, {name: 'two lower-case letters'}),
    }),
    defineField({
      name: 'cities',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      description: 'Cities with a training centre in this country, listed on the card in this order; at least one.',
      validation: (Rule) => Rule.required().min(1),
    }),
    defineField({
      name: 'order',
      type: 'number',
      description: 'Position of the location on the home page; lower numbers come first.',
      initialValue: nextOrder('location'),
      validation: (Rule) => Rule.required().integer().min(0),
    }),
    imageField({
      name: 'image',
      title: 'Photo of the centre',
      description: 'Photo on the location card (shown 3:2, cut around the hotspot); without one the card shows the flag alone.',
    }),
  ],
  preview: {
    select: {title: 'country', code: 'countryCode', cities: 'cities'},
    prepare: ({title, code, cities}) => ({
      title,
      subtitle: [typeof code === 'string' ? code.toUpperCase() : 'No country code', Array.isArray(cities) ? cities.join(', ') : ''].filter(Boolean).join(' · '),
      media: flagMedia(code),
    }),
  },
})

export const testimonial = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  type: 'document',
  fields: [
    defineField({
      name: 'name',
      type: 'string',
      description: "Graduate's name under the quote on the home page (their initials form the avatar when there is no photo).",
      validation: required,
    }),
    defineField({
      name: 'position',
      type: 'string',
      description: 'Their job title, shown before the company, e.g. "Second Officer".',
      validation: required,
    }),
    defineField({
      name: 'company',
      type: 'string',
      description: 'Where they work, shown after the position.',
      validation: required,
    }),
    defineField({
      name: 'quote',
      type: 'text',
      rows: 4,
      description: 'What they said, shown in quotation marks; at most 400 characters.',
      validation: (Rule) => Rule.required().max(400),
    }),
    defineField({
      name: 'rating',
      type: 'number',
      description: 'Stars shown above the quote, a whole number from 1 to 5.',
      validation: (Rule) => Rule.required().integer().min(1).max(5),
    }),
    defineField({
      name: 'isSample',
      title: 'Sample content (not a real graduate)',
      type: 'boolean',
      description:
        'Keep on for made-up examples: the home page then says the testimonials are samples. Turn off only for a real graduate who agreed to be quoted.',
      initialValue: true,
      validation: required,
    }),
    imageField({
      name: 'image',
      title: 'Photo',
      description: 'Optional portrait of the graduate beside their name (shown round, cut around the hotspot); without one the initials are shown.',
    }),
    defineField({
      name: 'order',
      type: 'number',
      description: 'Position of the testimonial on the home page; lower numbers come first.',
      initialValue: nextOrder('testimonial'),
      validation: (Rule) => Rule.required().integer().min(0),
    }),
  ],
  preview: {select: {title: 'name', subtitle: 'company', media: 'image'}},
})

export const trainingProvider = defineType({
  name: 'trainingProvider',
  title: 'Training provider',
  type: 'document',
  fields: [
    defineField({
      name: 'name',
      type: 'string',
      description: "The provider's name, the heading of its entry in the recognised training providers list.",
      validation: required,
    }),
    defineField({
      name: 'address',
      type: 'string',
      description: 'Street and number, shown in the provider entry.',
      validation: required,
    }),
    defineField({name: 'city', type: 'string', description: 'City, shown in the provider entry.', validation: required}),
    defineField({name: 'postalCode', type: 'string', description: 'Postal code, shown in the provider entry.', validation: required}),
    defineField({name: 'country', type: 'string', description: 'Country, shown in the provider entry.', validation: required}),
    defineField({name: 'fax', type: 'string', description: 'Optional fax number; left out of the entry when empty.'}),
    defineField({
      name: 'validTill',
      title: 'Valid till',
      type: 'date',
      description: 'Date the recognition expires, shown as "Valid till" in the entry.',
      validation: required,
    }),
    defineField({name: 'note', type: 'text', rows: 2, description: 'Optional remark shown highlighted in the entry, e.g. about a renewal.'}),
    defineField({
      name: 'order',
      type: 'number',
      description: 'Position in the list of training providers; lower numbers come first.',
      initialValue: nextOrder('trainingProvider'),
      validation: (Rule) => Rule.required().integer().min(0),
    }),
  ],
  preview: {select: {title: 'name', subtitle: 'country'}},
})

/**
 * An accreditation, approval or certification of the provider, shown as a strip of
 * logos on the home and about pages: name, logo, issuing body, number and an optional link to
 * the issuer's register.
 */
export const accreditation = defineType({
  name: 'accreditation',
  title: 'Accreditation',
  type: 'document',
  fields: [
    defineField({
      name: 'name',
      type: 'string',
      description: 'What the approval is, e.g. "Approved Maritime Training Institute"; the logo\'s caption.',
      validation: required,
    }),
    imageField({
      name: 'logo',
      description: "The issuer's logo or seal (SVG best, or a PNG on a transparent background), shown in grey and in colour on hover.",
      required: true,
      accept: 'image/svg+xml,image/png,image/webp',
    }),
    defineField({
      name: 'issuer',
      title: 'Issuing body',
      type: 'string',
      description: 'Who granted it, e.g. a flag-state administration.',
      validation: required,
    }),
    defineField({
      name: 'number',
      title: 'Certificate or approval number',
      type: 'string',
      description: 'As printed on the certificate, e.g. "MTI-2019-0457".',
      validation: required,
    }),
    defineField({
      name: 'url',
      title: 'Link',
      type: 'url',
      description: "Optional https:// address of the issuer's register or the certificate; opens in a new tab.",
      validation: (Rule) => Rule.uri({scheme: ['https']}),
    }),
    defineField({
      name: 'order',
      type: 'number',
      description: 'Position in the strip; lower numbers come first.',
      initialValue: nextOrder('accreditation'),
      validation: (Rule) => Rule.required().integer().min(0),
    }),
  ],
  orderings: [{title: 'Display order', name: 'order', by: [{field: 'order', direction: 'asc'}]}],
  preview: {select: {title: 'name', subtitle: 'issuer', media: 'logo'}},
})

export const pageTypes = [servicePage, legalPage, location, testimonial, trainingProvider, accreditation]
