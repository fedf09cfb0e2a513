/**
 * Singletons that hold site-wide and page-level copy: site settings, home, about,
 * the course overview and the services overview. Each has a fixed document id
 * (the same as its type name) so the site and the studio find exactly one.
 */
import {defineArrayMember, defineField, defineType} from 'sanity'
import {internalHref} from './shared'

const required = (Rule: any) => Rule.required()

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  fields: [
    defineField({name: 'companyName', type: 'string', validation: required}),
    defineField({name: 'tagline', type: 'string', validation: required}),
    defineField({name: 'foundedYear', type: 'number', validation: (Rule) => Rule.required().integer().min(1900).max(2100)}),
    defineField({name: 'officeCount', title: 'Offices (as shown, e.g. "60+")', type: 'string', validation: required}),
    defineField({name: 'footerBlurb', title: 'Footer "about" text', type: 'text', rows: 3, validation: required}),
    defineField({name: 'seoDescription', title: 'Default search-result description', type: 'text', rows: 2, validation: (Rule) => Rule.required().max(160)}),
    defineField({
      name: 'contact',
      type: 'object',
      validation: required,
      fields: [
        defineField({name: 'email', type: 'string', validation: (Rule) => Rule.required().email()}),
        defineField({name: 'phone', title: 'Phone (as shown)', type: 'string', validation: required}),
        defineField({
          name: 'phoneHref',
          title: 'Phone (digits for dialling, with country code)',
          type: 'string',
          validation: (Rule) => Rule.required().regex(/^\+[0-9]{7,15}$/, {name: 'international number'}),
        }),
        defineField({name: 'address', type: 'text', rows: 3, validation: required}),
        defineField({name: 'businessHours', type: 'string', validation: required}),
      ],
    }),
    defineField({
      name: 'socialLinks',
      type: 'array',
      validation: (Rule) => Rule.required().length(4),
      of: [
        defineArrayMember({
          type: 'object',
          name: 'socialLink',
          fields: [
            defineField({
              name: 'platform',
              type: 'string',
              options: {list: ['facebook', 'instagram', 'linkedin', 'x', 'youtube']},
              validation: required,
            }),
            defineField({name: 'url', type: 'url', validation: (Rule) => Rule.required().uri({scheme: ['https']})}),
          ],
          preview: {select: {title: 'platform', subtitle: 'url'}},
        }),
      ],
    }),
  ],
  preview: {prepare: () => ({title: 'Site settings'})},
})

export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  fields: [
    defineField({
      name: 'hero',
      type: 'object',
      validation: required,
      fields: [
        defineField({name: 'eyebrow', type: 'string'}),
        defineField({name: 'heading', type: 'string', validation: required}),
        defineField({name: 'subheading', type: 'text', rows: 2, validation: required}),
      ],
    }),
    defineField({name: 'stats', type: 'array', of: [defineArrayMember({type: 'stat'})], validation: (Rule) => Rule.required().min(3).max(6)}),
    defineField({
      name: 'intro',
      title: 'Company introduction',
      type: 'object',
      validation: required,
      fields: [
        defineField({name: 'heading', type: 'string', validation: required}),
        defineField({name: 'body', type: 'text', rows: 4, validation: required}),
        defineField({name: 'linkLabel', type: 'string', validation: required}),
      ],
    }),
    defineField({name: 'featuredHeading', type: 'string', validation: required}),
    defineField({name: 'featuredSubheading', type: 'text', rows: 2}),
    defineField({
      name: 'featuredCategories',
      title: 'Featured programs',
      type: 'array',
      of: [defineArrayMember({type: 'reference', to: [{type: 'courseCategory'}]})],
      validation: (Rule) => Rule.required().length(3).unique(),
    }),
    defineField({name: 'whyChooseHeading', type: 'string', validation: required}),
    defineField({name: 'whyChoose', type: 'array', of: [defineArrayMember({type: 'feature'})], validation: (Rule) => Rule.required().length(6)}),
    defineField({name: 'locationsHeading', type: 'string', validation: required}),
    defineField({name: 'locationsSubheading', type: 'text', rows: 2}),
    defineField({name: 'testimonialsHeading', type: 'string', validation: required}),
    defineField({name: 'cta', title: 'Call to action', type: 'object', validation: required, fields: [
      defineField({name: 'heading', type: 'string', validation: required}),
      defineField({name: 'body', type: 'text', rows: 3, validation: required}),
    ]}),
  ],
  preview: {prepare: () => ({title: 'Home page'})},
})

export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'About page',
  type: 'document',
  fields: [
    defineField({name: 'heading', type: 'string', validation: required}),
    defineField({name: 'subheading', type: 'text', rows: 2, validation: required}),
    defineField({name: 'stats', type: 'array', of: [defineArrayMember({type: 'stat'})], validation: (Rule) => Rule.required().min(3).max(6)}),
    defineField({name: 'mission', type: 'feature', validation: required}),
    defineField({name: 'vision', type: 'feature', validation: required}),
    defineField({name: 'values', type: 'feature', validation: required}),
    defineField({
      name: 'excellence',
      title: '"Since" block',
      type: 'object',
      validation: required,
      fields: [
        defineField({name: 'heading', type: 'string', validation: required}),
        defineField({name: 'body', type: 'text', rows: 4, validation: required}),
        defineField({name: 'stats', type: 'array', of: [defineArrayMember({type: 'stat'})], validation: (Rule) => Rule.required().min(1).max(4)}),
      ],
    }),
    defineField({name: 'servicesHeading', type: 'string', validation: required}),
    defineField({name: 'services', type: 'array', of: [defineArrayMember({type: 'feature'})], validation: (Rule) => Rule.required().length(5)}),
    defineField({name: 'cta', title: 'Call to action', type: 'callToAction', validation: required}),
  ],
  preview: {prepare: () => ({title: 'About page'})},
})

export const coursesPage = defineType({
  name: 'coursesPage',
  title: 'Courses overview page',
  type: 'document',
  fields: [
    defineField({name: 'heading', type: 'string', validation: required}),
    defineField({name: 'subheading', type: 'text', rows: 2, validation: required}),
    defineField({name: 'benefitsHeading', title: '"Training Excellence" heading', type: 'string', validation: required}),
    defineField({name: 'benefits', type: 'array', of: [defineArrayMember({type: 'feature'})], validation: (Rule) => Rule.required().length(4)}),
    defineField({name: 'categoryWhyHeading', title: 'Category pages: "why" heading', type: 'string', validation: required}),
    defineField({name: 'categoryWhy', title: 'Category pages: reasons', type: 'array', of: [defineArrayMember({type: 'feature'})], validation: (Rule) => Rule.required().min(3).max(6)}),
  ],
  preview: {prepare: () => ({title: 'Courses overview page'})},
})

export const servicesPage = defineType({
  name: 'servicesPage',
  title: 'Services overview page',
  type: 'document',
  fields: [
    defineField({name: 'heading', type: 'string', validation: required}),
    defineField({name: 'subheading', type: 'text', rows: 2, validation: required}),
    defineField({
      name: 'services',
      title: 'Service cards',
      type: 'array',
      of: [defineArrayMember({type: 'reference', to: [{type: 'servicePage'}]})],
      validation: (Rule) => Rule.required().length(5).unique(),
    }),
    defineField({name: 'ctaHeading', type: 'string', validation: required}),
    defineField({name: 'ctaBody', type: 'text', rows: 2}),
  ],
  preview: {prepare: () => ({title: 'Services overview page'})},
})

export const siteTypes = [siteSettings, homePage, aboutPage, coursesPage, servicesPage]
export {internalHref}
