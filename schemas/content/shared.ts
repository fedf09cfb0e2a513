/**
 * Reusable field and object definitions for the content model.
 *
 * Everything here is plain Sanity schema (`defineType` / `defineField`); the studio
 * (studio/sanity.config.ts), `sanity schema extract` (typegen) and the offline seed
 * validation (studio/scripts/validate-seed.ts) all read the same definitions.
 */
import {defineArrayMember, defineField, defineType, type StringRule} from 'sanity'

/**
 * Fields of a document or object as custom rules, `hidden` callbacks and previews see them: Sanity
 * leaves them untyped, so a rule reads what it needs from this and checks it.
 */
export type Fields = {readonly [field: string]: unknown}

/** The document being validated (empty when there is none). */
export const documentFields = (context: {document?: unknown}): Fields => (context.document ?? {}) as Fields
/** The object holding the validated field (empty when there is none). */
export const parentFields = (context: {parent?: unknown}): Fields => (context.parent ?? {}) as Fields
/** A list field's items as records (anything but an array is no items). */
export const itemsOf = (value: unknown): Fields[] => (Array.isArray(value) ? (value as Fields[]) : [])
/** A number field's value, or undefined when it is not a number. */
export const numberOf = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

/** Makes a field required (for `validation: required`). */
export const required = <R extends {required: () => R}>(rule: R): R => rule.required()

/** docs/requirements.md#req-entities-catalogue: the levels a course may have. */
export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'All Levels', 'Entry Level'] as const

/** docs/requirements.md#req-routes: the six category ids, used as the category document's slug. */
export const CATEGORY_IDS = [
  'pre-sea-training',
  'cadetship-training',
  'competency-training',
  'value-added-courses',
  'stcw-courses',
  'offshore-survival',
] as const

/**
 * Document-level rule: the document's slug must be one of `allowed` (the routes that exist).
 * Returns true, or an error naming the field and the allowed values.
 */
export function allowedSlug(slug: {current?: string} | undefined, allowed: readonly string[]) {
  if (!slug?.current || allowed.includes(slug.current)) return true
  return `The slug must be one of: ${allowed.join(', ')}`
}

/** Internal site paths ("/contact") or mailto:/tel: links; never a third-party page. */
export const internalHref = (Rule: StringRule) =>
  Rule.required().custom((value: string | undefined) => {
    if (!value) return true
    return /^(\/[a-z0-9\-/#?=&]*|mailto:\S+|tel:\+?[0-9 ]+)$/i.test(value) ? true : 'Use a path on this site such as /contact, or a mailto: / tel: link'
  })

/** `{title}` when there is one: a field without a title gets the one Studio derives from its name. */
const titled = (title: string | undefined) => (title ? {title} : {})

/** A required one-line text field. */
export const requiredString = (name: string, description: string, title?: string) =>
  defineField({name, ...titled(title), type: 'string', description, validation: required})

/** An optional paragraph of `rows` lines (2 unless told). */
export const optionalText = (name: string, description: string, {title, rows = 2}: {title?: string; rows?: number} = {}) =>
  defineField({name, ...titled(title), type: 'text', rows, description})

/**
 * The `heading` (h1) and `subheading` of a page, the paragraph that is also the page's search-result
 * description; `heading` describes where the h1 stands.
 */
export const pageHeadingFields = (heading: string) => [
  requiredString('heading', heading),
  defineField({
    name: 'subheading',
    type: 'text',
    rows: 2,
    description: 'Paragraph under the heading, also the search-result description of the page.',
    validation: required,
  }),
]

/**
 * A required list of `of` items (cards, figures or references): exactly `count` of them, or between
 * `count[0]` and `count[1]`; `unique` forbids the same item twice (for references).
 */
export function listField({
  name,
  title,
  of,
  description,
  count,
  unique = false,
}: {
  name: string
  title?: string
  of: {type: string; to?: {type: string}[]}
  description: string
  count: number | readonly [number, number]
  unique?: boolean
}) {
  return defineField({
    name,
    ...titled(title),
    type: 'array',
    of: [defineArrayMember(of)],
    description,
    validation: (Rule) => {
      const sized = typeof count === 'number' ? Rule.required().length(count) : Rule.required().min(count[0]).max(count[1])
      return unique ? sized.unique() : sized
    },
  })
}

/** A required id that is part of an address, suggested from the document's title. */
export const slugField = (name: string, description: string, title?: string) =>
  defineField({name, ...titled(title), type: 'slug', description, options: {source: 'title'}, validation: (Rule) => Rule.required()})

/** A required choice of one of `choices` (value → label, in order), shown as radio buttons. */
export const radioField = ({
  name,
  title,
  description,
  choices,
  initialValue,
}: {
  name: string
  title?: string
  description: string
  choices: Readonly<Record<string, string>>
  initialValue?: string
}) =>
  defineField({
    name,
    ...titled(title),
    type: 'string',
    description,
    options: {list: Object.entries(choices).map(([value, label]) => ({title: label, value})), layout: 'radio'},
    ...(initialValue === undefined ? {} : {initialValue}),
    validation: required,
  })

/** A call to action: heading, text and one button. */
export const callToAction = defineType({
  name: 'callToAction',
  title: 'Call to action',
  type: 'object',
  fields: [
    defineField({name: 'heading', type: 'string', description: 'Heading of the box or band.', validation: (Rule) => Rule.required()}),
    defineField({name: 'body', type: 'text', rows: 3, description: 'Optional sentence or two under the heading.'}),
    defineField({
      name: 'label',
      title: 'Button label',
      type: 'string',
      description: 'Text on the button, e.g. "Contact Us".',
      validation: (Rule) => Rule.required(),
    }),
    defineField({
      name: 'href',
      title: 'Button link',
      type: 'string',
      description: 'Where the button goes: a path on this site such as /contact, or a mailto: or tel: link.',
      validation: internalHref,
    }),
  ],
})

/** A figure shown in a stats row, e.g. value "5000+" with label "Certified Seafarers". */
export const stat = defineType({
  name: 'stat',
  title: 'Statistic',
  type: 'object',
  fields: [
    defineField({
      name: 'value',
      type: 'string',
      description: 'The figure in large type, e.g. "5000+" or "100%"; at most 12 characters.',
      validation: (Rule) => Rule.required().max(12),
    }),
    defineField({
      name: 'label',
      type: 'string',
      description: 'What the figure counts, shown under it, e.g. "Certified Seafarers".',
      validation: (Rule) => Rule.required(),
    }),
  ],
  preview: {select: {title: 'value', subtitle: 'label'}},
})

/** A titled blurb: card title and one or two sentences. */
export const feature = defineType({
  name: 'feature',
  title: 'Feature',
  type: 'object',
  fields: [
    defineField({name: 'title', type: 'string', description: 'Heading of the card or step.', validation: (Rule) => Rule.required()}),
    defineField({
      name: 'description',
      type: 'text',
      rows: 3,
      description: 'One or two sentences under the heading.',
      validation: (Rule) => Rule.required(),
    }),
  ],
})

/** One step of a numbered process (e.g. consultation, planning, implementation, support). */
export const processSteps = defineType({
  name: 'processSteps',
  title: 'Process steps',
  type: 'object',
  fields: [
    defineField({name: 'heading', type: 'string', description: 'Heading above the numbered steps.', validation: (Rule) => Rule.required()}),
    defineField({
      name: 'steps',
      type: 'array',
      of: [defineArrayMember({type: 'feature'})],
      description: 'The steps in order, numbered automatically: between 2 and 8.',
      validation: (Rule) => Rule.required().min(2).max(8),
    }),
  ],
  preview: {select: {title: 'heading'}, prepare: ({title}) => ({title, subtitle: 'Process steps'})},
})

/** A two-column table of requirements (e.g. sea service per certificate and tonnage). */
export const requirementsTable = defineType({
  name: 'requirementsTable',
  title: 'Requirements table',
  type: 'object',
  fields: [
    defineField({name: 'heading', type: 'string', description: 'Heading above the table.', validation: (Rule) => Rule.required()}),
    defineField({
      name: 'firstColumn',
      title: 'First column heading',
      type: 'string',
      description: 'Heading of the left column, e.g. "Certificate".',
      initialValue: 'Certificate',
      validation: (Rule) => Rule.required(),
    }),
    defineField({
      name: 'secondColumn',
      title: 'Second column heading',
      type: 'string',
      description: 'Heading of the right column, e.g. "Requirement".',
      initialValue: 'Requirement',
      validation: (Rule) => Rule.required(),
    }),
    defineField({
      name: 'rows',
      type: 'array',
      description: 'The table rows in order; at least one.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'requirementRow',
          fields: [
            defineField({
              name: 'label',
              type: 'string',
              description: 'Left cell, e.g. the certificate or tonnage.',
              validation: (Rule) => Rule.required(),
            }),
            defineField({
              name: 'requirement',
              type: 'string',
              description: 'Right cell: what is required for it.',
              validation: (Rule) => Rule.required(),
            }),
          ],
          preview: {select: {title: 'label', subtitle: 'requirement'}},
        }),
      ],
      validation: (Rule) => Rule.required().min(1),
    }),
  ],
  preview: {select: {title: 'heading'}, prepare: ({title}) => ({title, subtitle: 'Requirements table'})},
})

/** A highlighted note inside a page body. */
export const callout = defineType({
  name: 'callout',
  title: 'Callout',
  type: 'object',
  fields: [
    defineField({
      name: 'tone',
      type: 'string',
      description: '"info" shows the note under "Note" in blue; "warning" under "Important" in amber, for something readers must not miss.',
      options: {list: ['info', 'warning']},
      initialValue: 'info',
      validation: (Rule) => Rule.required(),
    }),
    defineField({name: 'text', type: 'text', rows: 3, description: 'The note itself.', validation: (Rule) => Rule.required()}),
  ],
})

/**
 * Rich text of a service, officer-licensing or legal page: paragraphs, h2/h3 headings,
 * bullet and numbered lists, links to pages on this site, plus process steps,
 * requirement tables and callouts.
 */
export const richText = defineType({
  name: 'richText',
  title: 'Body',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        {title: 'Normal', value: 'normal'},
        {title: 'Heading 2', value: 'h2'},
        {title: 'Heading 3', value: 'h3'},
      ],
      lists: [
        {title: 'Bullet', value: 'bullet'},
        {title: 'Numbered', value: 'number'},
      ],
      marks: {
        decorators: [
          {title: 'Strong', value: 'strong'},
          {title: 'Emphasis', value: 'em'},
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            type: 'object',
            title: 'Link',
            fields: [
              defineField({
                name: 'href',
                title: 'Link',
                type: 'string',
                description: 'A path on this site such as /contact, or a mailto: or tel: link; links to other websites are not allowed.',
                validation: internalHref,
              }),
            ],
          }),
        ],
      },
    }),
    defineArrayMember({type: 'processSteps'}),
    defineArrayMember({type: 'requirementsTable'}),
    defineArrayMember({type: 'callout'}),
  ],
})

/**
 * The one image field of the content model (docs/requirements.md#req-issue-19-images): hotspot
 * and crop on, an `alt` text that Studio requires unless the editor ticks `decorative` (then the
 * site renders alt=""). `name`, `title` and `description` as for any field; `required` makes the
 * image itself required (most images are optional: the site has a designed fallback). `accept`
 * narrows the file types (e.g. 'image/svg+xml,image/png' for a logo).
 */
export function imageField({
  name,
  title,
  description,
  required: isRequired = false,
  accept,
}: {
  name: string
  title?: string
  description: string
  required?: boolean
  accept?: string
}) {
  return defineField({
    name,
    title,
    type: 'image',
    description,
    options: {hotspot: true, ...(accept ? {accept} : {})},
    fields: [
      defineField({
        name: 'alt',
        title: 'Alternative text',
        type: 'string',
        description:
          'What the image shows, for people who cannot see it (screen readers, search engines), e.g. "Cadets practising a lifeboat drill". Required unless the image is decorative.',
        validation: (Rule) => Rule.custom(altRule),
      }),
      defineField({
        name: 'decorative',
        title: 'Decorative only',
        type: 'boolean',
        description:
          'Tick when the image adds nothing a reader would miss (a texture, a mood photo next to a heading that says it all); screen readers then skip it.',
        initialValue: false,
      }),
    ],
    // Sanity reports a missing required image as a warning (content:validate fails on warnings too).
    validation: (Rule) => (isRequired ? Rule.required() : Rule),
  })
}

/**
 * The `alt` rule of every image: required (non-blank) unless the image is marked decorative or
 * holds no image at all. Returns true or the message Studio shows.
 */
export function altRule(value: unknown, context: {parent?: unknown}): true | string {
  const image = parentFields(context)
  const hasImage = Boolean(image.asset ?? image._sanityAsset)
  if (!hasImage || image.decorative === true) return true
  return typeof value === 'string' && value.trim() ? true : 'Describe the image in a few words, or tick "Decorative only"'
}

export const sharedTypes = [callToAction, stat, feature, processSteps, requirementsTable, callout, richText]
