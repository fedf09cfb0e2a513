/**
 * The course catalogue: categories, courses, the competency fee table and the cadetship
 * programme. Prices are whole or decimal US dollars (USD, major units) as numbers; a course may
 * add an INR price as text (`priceInr`, whole rupees, docs/requirements.md#req-inr);
 * docs/requirements.md#req-entities-catalogue and #req-constants give every figure.
 */
import {defineArrayMember, defineField, defineType, type NumberRule, type ValidationContext} from 'sanity'
import {CERTIFICATE_VALIDITY_YEARS, COURSE_CODE_PATTERN} from '../rules/certificates'
import {formatInr} from '../rules/format'
import {MAX_INR_PRICE, parseInrPrice} from '../rules/price'
import {GROUP_MAX_SEATS, GROUP_MIN_SEATS} from '../rules/group-booking'
import {nextOrder} from './initialValues'
import {coursePricePreview} from './previews'
import {
  allowedSlug,
  CATEGORY_IDS,
  COURSE_LEVELS,
  documentFields,
  imageField,
  itemsOf,
  numberOf,
  parentFields,
  radioField,
  required,
  slugField,
  type Fields,
} from './shared'

/** A required amount in US dollars, cents at most. */
const usd = (Rule: NumberRule) => Rule.required().min(0).precision(2)

/** A list of documents, one per line, for "What happens next" on the enrolment confirmation page. */
const documentsToBringField = (description: string) =>
  defineField({
    name: 'documentsToBring',
    title: 'Documents to bring',
    type: 'array',
    of: [defineArrayMember({type: 'string'})],
    description,
    validation: (Rule) => Rule.required().min(1),
  })

export const courseCategory = defineType({
  name: 'courseCategory',
  title: 'Course category',
  type: 'document',
  fields: [
    defineField({
      name: 'title',
      type: 'string',
      description: 'Name of the program, shown on its card, as the heading of its page and in the enrolment form.',
      validation: required,
    }),
    slugField('slug', `Part of the address /courses/{id}; must be one of the six agreed ids (${CATEGORY_IDS.join(', ')}).`, 'Category id (URL)'),
    defineField({
      name: 'description',
      type: 'text',
      rows: 3,
      description: 'One or two sentences shown on the program card and under the heading of its page.',
      validation: required,
    }),
    defineField({
      name: 'gradient',
      title: 'Card colour',
      type: 'string',
      description: 'Colour band at the top of the program card.',
      options: {list: ['ocean', 'teal', 'navy', 'indigo', 'sky', 'slate']},
      validation: required,
    }),
    imageField({
      name: 'image',
      title: 'Card image',
      description:
        "Photo at the top of the program card and of its courses' cards (shown 16:9, cut around the hotspot); without one the card shows its colour band.",
    }),
    defineField({
      name: 'durationRange',
      title: 'Duration range',
      type: 'string',
      description: 'How long the courses take, as shown on the card and the program page, e.g. "2-4 weeks".',
      validation: required,
    }),
    defineField({
      name: 'level',
      type: 'string',
      description: 'Who the program is for, as shown on the card and the program page, e.g. "Entry Level".',
      validation: required,
    }),
    defineField({
      name: 'highlights',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      description: 'Short bullet points on the program card: between 2 and 6.',
      validation: (Rule) => Rule.required().min(2).max(6),
    }),
    defineField({
      name: 'order',
      type: 'number',
      description: 'Position among the programs on the courses page and in the enrolment form; lower numbers come first.',
      initialValue: nextOrder('courseCategory'),
      validation: (Rule) => Rule.required().integer().min(0),
    }),
    defineField({
      // docs/requirements.md#req-group-bookings: the discount of a company booking several seats.
      name: 'groupDiscounts',
      title: 'Group discounts',
      type: 'array',
      description: `Discounts for companies booking several seats of one batch of this category's courses, e.g. 5+ seats 5 %, 10+ seats 10 %. The highest tier reached applies to the whole order. Empty: no group discount.`,
      of: [
        defineArrayMember({
          type: 'object',
          name: 'groupDiscountTier',
          fields: [
            defineField({
              name: 'minSeats',
              title: 'From seats',
              type: 'number',
              description: 'The discount applies from this many seats in one booking (2 to 30).',
              validation: (Rule) => Rule.required().integer().min(GROUP_MIN_SEATS).max(GROUP_MAX_SEATS),
            }),
            defineField({
              name: 'percent',
              title: 'Discount (%)',
              type: 'number',
              description: 'The discount on the whole order, in percent (above 0, below 100), e.g. 5.',
              validation: (Rule) => Rule.required().greaterThan(0).lessThan(100),
            }),
          ],
          preview: {
            select: {minSeats: 'minSeats', percent: 'percent'},
            prepare: ({minSeats, percent}) => ({title: `${minSeats ?? '?'}+ seats: ${percent ?? '?'} % off`}),
          },
        }),
      ],
    }),
  ],
  // Document-level, because Sanity reports a slug field's own custom rule only as a warning.
  validation: (Rule) => Rule.custom((doc) => allowedSlug((doc as Fields | undefined)?.slug as {current?: string} | undefined, CATEGORY_IDS)).error(),
  orderings: [{title: 'Display order', name: 'order', by: [{field: 'order', direction: 'asc'}]}],
  preview: {select: {title: 'title', subtitle: 'slug.current'}},
})

/**
 * The certificate code rule: COURSE_CODE_PATTERN, and no other course (published or
 * draft, other than this document's own pair) has the same code. Reads through the Studio's client.
 */
async function checkCourseCode(value: string | undefined, context: ValidationContext): Promise<true | string> {
  if (typeof value !== 'string') return true
  if (!COURSE_CODE_PATTERN.test(value)) return 'Use a capital letter, then 1 to 9 capital letters or digits, e.g. BOSIET'
  const id = String(documentFields(context)._id ?? '').replace(/^drafts\./, '')
  const others = await context
    .getClient({apiVersion: '2024-01-01'})
    .fetch<number>('count(*[_type == "course" && code == $code && !(_id in [$id, $draft])])', {code: value, id, draft: `drafts.${id}`})
  return others > 0 ? `Another course already uses the code ${value}` : true
}

export const course = defineType({
  name: 'course',
  title: 'Course',
  type: 'document',
  fields: [
    defineField({
      name: 'name',
      title: 'Short name (code)',
      type: 'string',
      description: 'Course code shown as the card title, e.g. "BTLGTCO"; the enrolment form and payments identify the course by it.',
      validation: required,
    }),
    defineField({
      name: 'fullName',
      type: 'string',
      description: 'Full course title, shown under the code on the course card.',
      validation: required,
    }),
    defineField({
      // docs/requirements.md#req-issue-20-certificates: the code in certificate numbers.
      name: 'code',
      title: 'Certificate code',
      type: 'string',
      description:
        'Short code printed in this course\'s certificate numbers, e.g. "BOSIET" gives MTC-BOSIET-2026-00001: a capital letter, then 1 to 9 capital letters or digits. Unique across courses; changing it affects only certificates issued afterwards.',
      validation: (Rule) => Rule.required().custom((value: string | undefined, context) => checkCourseCode(value, context)),
    }),
    defineField({
      name: 'certificateValidityYears',
      title: 'Certificate validity (years)',
      type: 'number',
      description:
        'How many years a certificate of this course stays valid (e.g. 5 for STCW basic and offshore survival modules); the holder is reminded 90 days before it expires. Leave empty when the certificate does not expire.',
      validation: (Rule) => Rule.integer().min(CERTIFICATE_VALIDITY_YEARS.min).max(CERTIFICATE_VALIDITY_YEARS.max),
    }),
    defineField({
      name: 'category',
      type: 'reference',
      to: [{type: 'courseCategory'}],
      description: 'The program whose page lists this course (and under which it can be enrolled).',
      validation: required,
    }),
    defineField({
      name: 'description',
      type: 'text',
      rows: 3,
      description: 'Two or three sentences on the course card saying what the course covers.',
      validation: required,
    }),
    defineField({
      name: 'duration',
      type: 'string',
      description: 'Length of the course as shown on its card, e.g. "5 days".',
      validation: required,
    }),
    defineField({
      name: 'level',
      type: 'string',
      description: 'Level shown above the course title on its card.',
      options: {list: [...COURSE_LEVELS]},
      initialValue: 'All Levels',
      validation: required,
    }),
    radioField({
      name: 'pricing',
      description: '"Fixed price" shows the price and can be paid online; "Contact for pricing" sends visitors to the contact page instead.',
      choices: {fixed: 'Fixed price', contact: 'Contact for pricing'},
      initialValue: 'fixed',
    }),
    defineField({
      name: 'priceUsd',
      title: 'Price (USD)',
      type: 'number',
      description: "Price in US dollars, shown on the course card and charged at checkout. Leave empty only for 'Contact for pricing'.",
      hidden: ({parent}) => (parent as Fields | undefined)?.pricing === 'contact',
      validation: (Rule) =>
        Rule.min(0)
          .precision(2)
          .custom((value: number | undefined, context) =>
            parentFields(context).pricing === 'fixed' && (value === undefined || value === null) ? 'A fixed-price course needs a price in USD' : true,
          ),
    }),
    defineField({
      // docs/requirements.md#req-inr: the course is payable in INR exactly when this
      // reads as one whole number of rupees (schemas/rules/price.ts parseInrPrice, payableInr).
      name: 'priceInr',
      title: 'Price (INR)',
      type: 'string',
      description:
        'Optional price in Indian rupees, a whole number such as "₹45,000". When set, the course card shows it next to the USD price and candidates may choose to pay this amount in INR; leave empty to take USD only. Never converted from USD.',
      hidden: ({parent}) => (parent as Fields | undefined)?.pricing === 'contact',
      validation: (Rule) =>
        Rule.custom((value: string | undefined) =>
          value === undefined || value.trim() === '' || parseInrPrice(value) !== null
            ? true
            : `Write one whole number of rupees, at most ${formatInr(MAX_INR_PRICE)}, e.g. "₹45,000": digits with commas, no range, words or paise.`,
        ),
    }),
    defineField({
      name: 'rank',
      title: 'Rank (competency courses)',
      type: 'string',
      description: 'Officer rank the course leads to; optional, and not shown on the site at the moment.',
    }),
    defineField({
      name: 'order',
      type: 'number',
      description: "Position of the course on its program's page; lower numbers come first.",
      initialValue: nextOrder('course', 'categoryId'),
      validation: (Rule) => Rule.required().integer().min(0),
    }),
    imageField({
      name: 'image',
      title: 'Card image',
      description: "Optional photo at the top of the course card (shown 16:9); without one the card uses its program's card image.",
    }),
  ],
  orderings: [{title: 'Display order', name: 'order', by: [{field: 'order', direction: 'asc'}]}],
  preview: {
    select: {title: 'name', fullName: 'fullName', pricing: 'pricing', price: 'priceUsd', category: 'category.title'},
    prepare: ({title, fullName, pricing, price, category}) => ({
      title,
      subtitle: [coursePricePreview(pricing, price), category ?? 'No category', fullName].filter(Boolean).join(' · '),
    }),
  },
})

export const competencyFeeTable = defineType({
  name: 'competencyFeeTable',
  title: 'Competency fee table',
  type: 'document',
  fields: [
    defineField({
      name: 'heading',
      type: 'string',
      description: 'Main heading (h1) of the /courses/competency-training page.',
      validation: required,
    }),
    defineField({
      name: 'intro',
      type: 'text',
      rows: 3,
      description: 'Paragraph under the heading of the competency training page, also used as its search-result description.',
      validation: required,
    }),
    defineField({
      name: 'jurisdictions',
      type: 'array',
      description: 'The flag administrations (countries) the fees are for: one column of the table each, in this order, and the country choice when enrolling.',
      validation: (Rule) => Rule.required().min(1),
      of: [
        defineArrayMember({
          type: 'object',
          name: 'jurisdiction',
          fields: [
            defineField({
              name: 'key',
              type: 'string',
              description: 'Short id that links the fees in each row to this column: lower-case letters, digits and hyphens, e.g. "aruba".',
              validation: (Rule) => Rule.required().regex(/^[a-z0-9-]+$/),
            }),
            defineField({
              name: 'name',
              type: 'string',
              description: 'Country name shown as the column heading and in the enrolment form.',
              validation: required,
            }),
          ],
          preview: {select: {title: 'name', subtitle: 'key'}},
        }),
      ],
    }),
    defineField({
      name: 'rows',
      type: 'array',
      description: 'One row per rank, in the order shown; every row needs a fee for every jurisdiction above.',
      validation: (Rule) =>
        Rule.required()
          .min(1)
          .custom((rows: Fields[] | undefined, context) => {
            const keys = itemsOf(documentFields(context).jurisdictions).map((j) => String(j.key))
            for (const row of rows ?? []) {
              const feeKeys = itemsOf(row.fees).map((f) => String(f.jurisdiction))
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
            defineField({
              name: 'rank',
              type: 'string',
              description: 'Rank or certificate the row is for, shown in the first column and chosen as the course when enrolling.',
              validation: required,
            }),
            defineField({
              name: 'fees',
              type: 'array',
              description: 'The fee of this rank for each jurisdiction.',
              validation: required,
              of: [
                defineArrayMember({
                  type: 'object',
                  name: 'fee',
                  fields: [
                    defineField({
                      name: 'jurisdiction',
                      title: 'Jurisdiction key',
                      type: 'string',
                      description: 'The key of one of the jurisdictions above, e.g. "aruba".',
                      validation: required,
                    }),
                    defineField({
                      name: 'amountUsd',
                      title: 'Fee (USD)',
                      type: 'number',
                      description: 'Fee in US dollars, shown in the table and charged at checkout for this rank and country.',
                      validation: usd,
                    }),
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
    defineField({
      name: 'note',
      type: 'text',
      rows: 2,
      description: 'Small print under the fee table, e.g. what the fees include.',
      validation: required,
    }),
    documentsToBringField(
      'The documents a candidate for competency training needs, one per line. Listed under "What happens next" on the enrolment confirmation page after a competency payment.',
    ),
  ],
  preview: {prepare: () => ({title: 'Competency fee table'})},
})

export const cadetshipProgramme = defineType({
  name: 'cadetshipProgramme',
  title: 'Cadetship programme',
  type: 'document',
  fields: [
    defineField({
      name: 'heading',
      type: 'string',
      description: 'Main heading (h1) of the /courses/cadetship-training page; also the course name in the enrolment form.',
      validation: required,
    }),
    defineField({
      name: 'intro',
      type: 'text',
      rows: 3,
      description: 'Paragraph under the heading, also used as the search-result description of the page.',
      validation: required,
    }),
    defineField({
      name: 'duration',
      type: 'string',
      description: 'Length of the whole programme, shown under "Programme at a glance", e.g. "9 months".',
      validation: required,
    }),
    defineField({
      name: 'trainingType',
      type: 'string',
      description: 'Kind of training, shown under "Programme at a glance", e.g. "College and On-Ship Training".',
      validation: required,
    }),
    defineField({
      name: 'totalFeeUsd',
      title: 'Total fee (USD)',
      type: 'number',
      description: 'Total programme fee in US dollars, shown on the page; must equal the sum of the installments.',
      validation: (Rule) =>
        usd(Rule).custom((total: number | undefined, context) => {
          const sum = itemsOf(documentFields(context).installments).reduce((s, i) => s + (numberOf(i.feeUsd) ?? 0), 0)
          return total === undefined || sum === total ? true : `The installments add up to ${sum}, not ${total}`
        }),
    }),
    defineField({
      name: 'stipendRange',
      type: 'object',
      description: 'Stipend cadets receive during on-ship training, shown as "min - max USD" on the page.',
      validation: required,
      fields: [
        defineField({
          name: 'minUsd',
          title: 'Minimum (USD)',
          type: 'number',
          description: 'Lowest stipend in US dollars.',
          validation: usd,
        }),
        defineField({
          name: 'maxUsd',
          title: 'Maximum (USD)',
          type: 'number',
          description: 'Highest stipend in US dollars; not below the minimum.',
          validation: (Rule) =>
            usd(Rule).custom((max: number | undefined, context) =>
              max === undefined || (numberOf(parentFields(context).minUsd) ?? 0) <= max ? true : 'Must not be below the minimum',
            ),
        }),
      ],
    }),
    defineField({
      name: 'installments',
      type: 'array',
      description: 'The fee installments in the order they are paid, listed in the "Installments" table; the first one is paid online at enrolment.',
      validation: (Rule) => Rule.required().min(1),
      of: [
        defineArrayMember({
          type: 'object',
          name: 'installment',
          fields: [
            defineField({
              name: 'label',
              type: 'string',
              description: 'Name of the installment in the table, e.g. "1st Installment".',
              validation: required,
            }),
            defineField({
              name: 'duration',
              type: 'string',
              description: 'Period the installment covers, shown in the table, e.g. "3 months".',
              validation: required,
            }),
            defineField({
              name: 'feeUsd',
              title: 'Fee (USD)',
              type: 'number',
              description: 'Amount of this installment in US dollars.',
              validation: usd,
            }),
          ],
          preview: {select: {title: 'label', subtitle: 'duration'}},
        }),
      ],
    }),
    defineField({
      name: 'enrolCourse',
      title: 'Course id passed to enrolment',
      type: 'string',
      description:
        'Id the "Enroll" button and the payment records use for this programme, e.g. "deck-cadet"; lower-case letters, digits and hyphens. Change it only with the developers.',
      validation: (Rule) => Rule.required().regex(/^[a-z0-9-]+$/),
    }),
    defineField({
      name: 'enrolAmountUsd',
      title: 'Amount paid at enrolment (USD)',
      type: 'number',
      description: 'What a cadet pays online when enrolling, in US dollars; must equal the first installment.',
      validation: (Rule) =>
        usd(Rule).custom((amount: number | undefined, context) => {
          const first = numberOf(itemsOf(documentFields(context).installments)[0]?.feeUsd)
          return amount === undefined || first === undefined || amount === first ? true : `Must equal the first installment (${first})`
        }),
    }),
    defineField({
      name: 'highlights',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      description: 'Optional bullet points with a tick under "Programme at a glance".',
    }),
    documentsToBringField(
      'What a cadet brings on the first day, one per line. Listed under "What happens next" on the enrolment confirmation page after a cadetship payment, with the installment schedule.',
    ),
  ],
  preview: {prepare: () => ({title: 'Cadetship programme'})},
})

export const catalogueTypes = [courseCategory, course, competencyFeeTable, cadetshipProgramme]
