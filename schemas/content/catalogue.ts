/**
 * The course catalogue: categories, courses, the competency fee table and the cadetship
 * programme. Prices are whole or decimal US dollars (USD, major units) as numbers;
 * spec sections 3 and 9 give every figure.
 */
import {defineArrayMember, defineField, defineType} from 'sanity'
import {allowedSlug, CATEGORY_IDS, COURSE_LEVELS} from './shared'

const required = (Rule: any) => Rule.required()
const usd = (Rule: any) => Rule.required().min(0).precision(2)

export const courseCategory = defineType({
  name: 'courseCategory',
  title: 'Course category',
  type: 'document',
  fields: [
    defineField({name: 'title', type: 'string', validation: required}),
    defineField({
      name: 'slug',
      title: 'Category id (URL)',
      type: 'slug',
      description: 'Part of the address /courses/{id}. Must be one of the six agreed ids.',
      options: {source: 'title'},
      validation: (Rule) => Rule.required(),
    }),
    defineField({name: 'description', type: 'text', rows: 3, validation: required}),
    defineField({
      name: 'gradient',
      title: 'Card colour',
      type: 'string',
      options: {list: ['ocean', 'teal', 'navy', 'indigo', 'sky', 'slate']},
      validation: required,
    }),
    defineField({name: 'durationRange', title: 'Duration range (e.g. "2-4 weeks")', type: 'string', validation: required}),
    defineField({name: 'level', type: 'string', validation: required}),
    defineField({name: 'highlights', type: 'array', of: [defineArrayMember({type: 'string'})], validation: (Rule) => Rule.required().min(2).max(6)}),
    defineField({name: 'order', type: 'number', validation: (Rule) => Rule.required().integer().min(0)}),
  ],
  // Document-level, because Sanity reports a slug field's own custom rule only as a warning.
  validation: (Rule) => Rule.custom((doc: any) => allowedSlug(doc?.slug, CATEGORY_IDS)).error(),
  orderings: [{title: 'Display order', name: 'order', by: [{field: 'order', direction: 'asc'}]}],
  preview: {select: {title: 'title', subtitle: 'slug.current'}},
})

export const course = defineType({
  name: 'course',
  title: 'Course',
  type: 'document',
  fields: [
    defineField({name: 'name', title: 'Short name (code)', type: 'string', validation: required}),
    defineField({name: 'fullName', type: 'string', validation: required}),
    defineField({name: 'category', type: 'reference', to: [{type: 'courseCategory'}], validation: required}),
    defineField({name: 'description', type: 'text', rows: 3, validation: required}),
    defineField({name: 'duration', type: 'string', validation: required}),
    defineField({name: 'level', type: 'string', options: {list: [...COURSE_LEVELS]}, validation: required}),
    defineField({
      name: 'pricing',
      type: 'string',
      description: '"Fixed price" can be paid online; "Contact for pricing" sends visitors to the contact page.',
      options: {list: [{title: 'Fixed price', value: 'fixed'}, {title: 'Contact for pricing', value: 'contact'}], layout: 'radio'},
      initialValue: 'fixed',
      validation: required,
    }),
    defineField({
      name: 'priceUsd',
      title: 'Price (USD)',
      type: 'number',
      hidden: ({parent}: any) => parent?.pricing === 'contact',
      validation: (Rule) =>
        Rule.min(0)
          .precision(2)
          .custom((value: number | undefined, context: any) =>
            context.parent?.pricing === 'fixed' && (value === undefined || value === null)
              ? 'A fixed-price course needs a price in USD'
              : true,
          ),
    }),
    defineField({name: 'priceInr', title: 'Price in INR (as shown, may be empty)', type: 'string'}),
    defineField({name: 'rank', title: 'Rank (competency courses)', type: 'string'}),
    defineField({name: 'order', type: 'number', validation: (Rule) => Rule.required().integer().min(0)}),
  ],
  orderings: [{title: 'Display order', name: 'order', by: [{field: 'order', direction: 'asc'}]}],
  preview: {
    select: {title: 'name', subtitle: 'fullName', price: 'priceUsd', category: 'category.title'},
    prepare: ({title, subtitle, price, category}: any) => ({
      title,
      subtitle: `${price !== undefined ? `$${price}` : 'Contact for pricing'} · ${category ?? ''} · ${subtitle ?? ''}`,
    }),
  },
})

export const competencyFeeTable = defineType({
  name: 'competencyFeeTable',
  title: 'Competency fee table',
  type: 'document',
  fields: [
    defineField({name: 'heading', type: 'string', validation: required}),
    defineField({name: 'intro', type: 'text', rows: 3, validation: required}),
    defineField({
      name: 'jurisdictions',
      type: 'array',
      validation: (Rule) => Rule.required().min(1),
      of: [
        defineArrayMember({
          type: 'object',
          name: 'jurisdiction',
          fields: [
            defineField({name: 'key', type: 'string', validation: (Rule) => Rule.required().regex(/^[a-z0-9-]+$/)}),
            defineField({name: 'name', type: 'string', validation: required}),
          ],
          preview: {select: {title: 'name', subtitle: 'key'}},
        }),
      ],
    }),
    defineField({
      name: 'rows',
      type: 'array',
      validation: (Rule) =>
        Rule.required()
          .min(1)
          .custom((rows: any[] | undefined, context: any) => {
            const keys: string[] = (context.document?.jurisdictions ?? []).map((j: any) => j.key)
            for (const row of rows ?? []) {
              const feeKeys = (row.fees ?? []).map((f: any) => f.jurisdiction)
              const missing = keys.filter((k) => !feeKeys.includes(k))
              if (missing.length) return `"${row.rank}" has no fee for: ${missing.join(', ')}`
              const unknown = feeKeys.filter((k: string) => !keys.includes(k))
              if (unknown.length) return `"${row.rank}" has a fee for an unknown jurisdiction: ${unknown.join(', ')}`
            }
            return true
          }),
      of: [
        defineArrayMember({
          type: 'object',
          name: 'feeRow',
          fields: [
            defineField({name: 'rank', type: 'string', validation: required}),
            defineField({
              name: 'fees',
              type: 'array',
              validation: required,
              of: [
                defineArrayMember({
                  type: 'object',
                  name: 'fee',
                  fields: [
                    defineField({name: 'jurisdiction', title: 'Jurisdiction key', type: 'string', validation: required}),
                    defineField({name: 'amountUsd', title: 'Fee (USD)', type: 'number', validation: usd}),
                  ],
                  preview: {select: {title: 'jurisdiction', subtitle: 'amountUsd'}},
                }),
              ],
            }),
          ],
          preview: {select: {title: 'rank'}},
        }),
      ],
    }),
    defineField({name: 'note', type: 'text', rows: 2, validation: required}),
  ],
  preview: {prepare: () => ({title: 'Competency fee table'})},
})

export const cadetshipProgramme = defineType({
  name: 'cadetshipProgramme',
  title: 'Cadetship programme',
  type: 'document',
  fields: [
    defineField({name: 'heading', type: 'string', validation: required}),
    defineField({name: 'intro', type: 'text', rows: 3, validation: required}),
    defineField({name: 'duration', type: 'string', validation: required}),
    defineField({name: 'trainingType', type: 'string', validation: required}),
    defineField({
      name: 'totalFeeUsd',
      title: 'Total fee (USD)',
      type: 'number',
      validation: (Rule) =>
        usd(Rule).custom((total: number | undefined, context: any) => {
          const sum = (context.document?.installments ?? []).reduce((s: number, i: any) => s + (i.feeUsd ?? 0), 0)
          return total === undefined || sum === total ? true : `The installments add up to ${sum}, not ${total}`
        }),
    }),
    defineField({
      name: 'stipendRange',
      type: 'object',
      validation: required,
      fields: [
        defineField({name: 'minUsd', type: 'number', validation: usd}),
        defineField({
          name: 'maxUsd',
          type: 'number',
          validation: (Rule) =>
            usd(Rule).custom((max: number | undefined, context: any) =>
              max === undefined || (context.parent?.minUsd ?? 0) <= max ? true : 'Must not be below the minimum',
            ),
        }),
      ],
    }),
    defineField({
      name: 'installments',
      type: 'array',
      validation: (Rule) => Rule.required().min(1),
      of: [
        defineArrayMember({
          type: 'object',
          name: 'installment',
          fields: [
            defineField({name: 'label', type: 'string', validation: required}),
            defineField({name: 'duration', type: 'string', validation: required}),
            defineField({name: 'feeUsd', title: 'Fee (USD)', type: 'number', validation: usd}),
          ],
          preview: {select: {title: 'label', subtitle: 'duration'}},
        }),
      ],
    }),
    defineField({name: 'enrolCourse', title: 'Course id passed to enrolment', type: 'string', validation: (Rule) => Rule.required().regex(/^[a-z0-9-]+$/)}),
    defineField({
      name: 'enrolAmountUsd',
      title: 'Amount paid at enrolment (USD)',
      type: 'number',
      validation: (Rule) =>
        usd(Rule).custom((amount: number | undefined, context: any) => {
          const first = context.document?.installments?.[0]?.feeUsd
          return amount === undefined || first === undefined || amount === first ? true : `Must equal the first installment (${first})`
        }),
    }),
    defineField({name: 'highlights', type: 'array', of: [defineArrayMember({type: 'string'})]}),
  ],
  preview: {prepare: () => ({title: 'Cadetship programme'})},
})

export const catalogueTypes = [courseCategory, course, competencyFeeTable, cadetshipProgramme]
