/**
 * Singletons that hold site-wide and page-level copy: site settings, home, about,
 * the course overview and the services overview. Each has a fixed document id
 * (the same as its type name) so the site and the studio find exactly one.
 */
import {defineArrayMember, defineField, defineType} from 'sanity'
import {RECEIPT_PREFIX_PATTERN} from '../rules/receipt-number'
import {DEFAULT_DOCUMENT_RETENTION_DAYS, isRetentionDays} from '../rules/document-retention'
import {imageField, internalHref, listField, optionalText, pageHeadingFields, required, requiredString} from './shared'

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  fields: [
    defineField({
      name: 'companyName',
      type: 'string',
      description: 'Shown in the navigation bar, the footer and its copyright line, and as the browser tab title of pages without their own.',
      validation: required,
    }),
    defineField({
      name: 'tagline',
      type: 'string',
      description: 'Short company slogan; required, but not shown on the site at the moment.',
      validation: required,
    }),
    defineField({
      name: 'foundedYear',
      type: 'number',
      description: 'Year the company was founded (four digits); required, but not shown on the site at the moment.',
      validation: (Rule) => Rule.required().integer().min(1900).max(2100),
    }),
    defineField({
      name: 'officeCount',
      title: 'Offices',
      type: 'string',
      description: 'Number of offices as text, e.g. "60+"; required, but not shown on the site at the moment.',
      validation: required,
    }),
    defineField({
      name: 'footerBlurb',
      title: 'Footer "about" text',
      type: 'text',
      rows: 3,
      description: 'Short paragraph about the company under its name in the footer of every page.',
      validation: required,
    }),
    defineField({
      name: 'seoDescription',
      title: 'Default search-result description',
      type: 'text',
      rows: 2,
      description: 'Description search engines show for pages that have none of their own; at most 160 characters.',
      validation: (Rule) => Rule.required().max(160),
    }),
    defineField({
      name: 'contact',
      type: 'object',
      description: 'Contact details shown in the footer, on the contact page and in the contact boxes of other pages.',
      validation: required,
      fields: [
        defineField({
          name: 'email',
          type: 'string',
          description: 'Public email address; visitors click it to write an email.',
          validation: (Rule) => Rule.required().email(),
        }),
        defineField({
          name: 'phone',
          title: 'Phone (as shown)',
          type: 'string',
          description: 'Phone number as visitors read it, with any spaces, e.g. "+971 6 123 4567".',
          validation: required,
        }),
        defineField({
          name: 'phoneHref',
          title: 'Phone (for dialling)',
          type: 'string',
          description: 'The same number as "+" and digits only, with country code, e.g. "+97161234567"; phones dial this when the number is tapped.',
          validation: (Rule) => Rule.required().regex(/^\+[0-9]{7,15}$/, {name: 'international number'}),
        }),
        defineField({
          name: 'address',
          type: 'text',
          rows: 3,
          description: 'Postal address of the office, shown in the footer.',
          validation: required,
        }),
        defineField({
          name: 'businessHours',
          type: 'string',
          description: 'When the team answers, shown in the footer and on the contact page, e.g. "Mon-Fri 9:00-17:00".',
          validation: required,
        }),
      ],
    }),
    defineField({
      name: 'receiptPrefix',
      title: 'Receipt number prefix',
      type: 'string',
      description:
        'Starts every receipt number, e.g. "MTC" gives MTC-2026-00042: a capital letter, then up to 9 capital letters or digits. Changing it affects only receipts issued afterwards.',
      initialValue: 'MTC',
      validation: (Rule) =>
        Rule.required().custom((value) =>
          typeof value !== 'string' || RECEIPT_PREFIX_PATTERN.test(value) ? true : 'Use a capital letter, then up to 9 capital letters or digits, e.g. MTC',
        ),
    }),
    defineField({
      // docs/requirements.md#req-issue-20-certificates: printed on course certificates.
      name: 'certificateSignatoryName',
      title: 'Certificate signatory name',
      type: 'string',
      description: 'The person who signs course certificates, printed under the signature line, e.g. "Capt. Arjun Nair".',
      validation: (Rule) => Rule.required().max(100),
    }),
    defineField({
      name: 'certificateSignatoryTitle',
      title: 'Certificate signatory title',
      type: 'string',
      description: 'The signatory\'s position, printed under their name, e.g. "Director of Training".',
      validation: (Rule) => Rule.required().max(100),
    }),
    defineField({
      name: 'approvalNumber',
      title: 'Approval or accreditation number',
      type: 'string',
      description:
        'The training provider\'s approval or accreditation number printed on every certificate, e.g. "DGS/MTI/2006/042". Leave empty if there is none.',
      validation: (Rule) => Rule.max(100),
    }),
    defineField({
      // docs/requirements.md#req-document-retention: read by the daily deletion of documents.
      name: 'documentRetentionDays',
      title: 'Document retention (days)',
      type: 'number',
      description: `How many days after an enrolment is completed, cancelled or refunded its uploaded documents (passport, CDC, medical) are deleted: a whole number, at least 1. Empty means ${DEFAULT_DOCUMENT_RETENTION_DAYS}.`,
      initialValue: DEFAULT_DOCUMENT_RETENTION_DAYS,
      validation: (Rule) => Rule.custom((value) => (value === undefined || isRetentionDays(value) ? true : 'Use a whole number of days, at least 1, e.g. 180')),
    }),
    defineField({
      // docs/requirements.md#req-group-bookings: printed on every pro-forma invoice.
      name: 'bankDetails',
      title: 'Bank details (pro-forma invoices)',
      type: 'object',
      description: 'Where companies paying by invoice transfer the money: printed on each pro-forma. Leave a line empty to leave it off.',
      fields: [
        defineField({
          name: 'accountName',
          title: 'Account name',
          type: 'string',
          description: 'The name the bank account is held in, e.g. Maritime Training & Certification LLC.',
          validation: (Rule) => Rule.max(120),
        }),
        defineField({name: 'bankName', title: 'Bank', type: 'string', description: 'The bank, e.g. Emirates NBD.', validation: (Rule) => Rule.max(120)}),
        defineField({
          name: 'accountNumber',
          title: 'Account number',
          type: 'string',
          description: 'The account number as the bank writes it.',
          validation: (Rule) => Rule.max(40),
        }),
        defineField({
          name: 'iban',
          title: 'IBAN',
          type: 'string',
          description: 'For transfers from abroad, e.g. AE07 0260 0010 1548 2733 01.',
          validation: (Rule) => Rule.max(40),
        }),
        defineField({
          name: 'swift',
          title: 'SWIFT / BIC',
          type: 'string',
          description: 'The bank’s SWIFT (BIC) code for international transfers.',
          validation: (Rule) => Rule.max(20),
        }),
        defineField({
          name: 'ifsc',
          title: 'IFSC (India)',
          type: 'string',
          description: 'For an Indian bank account: the branch’s IFSC code.',
          validation: (Rule) => Rule.max(20),
        }),
        defineField({
          name: 'branch',
          title: 'Branch address',
          type: 'text',
          rows: 2,
          description: 'The branch’s address, when the bank needs it for transfers.',
          validation: (Rule) => Rule.max(300),
        }),
      ],
    }),
    defineField({
      name: 'socialLinks',
      type: 'array',
      description: 'The social media icons in the footer: exactly four, in this order.',
      validation: (Rule) => Rule.required().length(4),
      of: [
        defineArrayMember({
          type: 'object',
          name: 'socialLink',
          fields: [
            defineField({
              name: 'platform',
              type: 'string',
              description: 'Which network; chooses the icon.',
              options: {list: ['facebook', 'instagram', 'linkedin', 'x', 'youtube']},
              validation: required,
            }),
            defineField({
              name: 'url',
              title: 'URL',
              type: 'url',
              description: "Full https:// address of the company's profile; opens in a new tab.",
              validation: (Rule) => Rule.required().uri({scheme: ['https']}),
            }),
          ],
          preview: {select: {title: 'platform', subtitle: 'url'}},
        }),
      ],
    }),
    imageField({
      name: 'logo',
      title: 'Logo (for light backgrounds)',
      description:
        'The company logo in the navigation bar and on receipts: SVG (best) or a PNG at least 400 px wide, dark artwork on a transparent background.',
      accept: 'image/svg+xml,image/png,image/webp',
    }),
    imageField({
      name: 'logoDark',
      title: 'Logo (for dark backgrounds)',
      description: 'The same logo in light artwork, for the footer and the home hero; SVG or PNG on a transparent background.',
      accept: 'image/svg+xml,image/png,image/webp',
    }),
    imageField({
      name: 'appIcon',
      title: 'Favicon and app icon',
      description: 'Square PNG of at least 512 × 512 px: the browser tab icon and the icon of the site saved to a phone home screen.',
      accept: 'image/png',
    }),
    imageField({
      name: 'socialImage',
      title: 'Default social-sharing image',
      description: 'Shown when a page without its own image is shared (Facebook, LinkedIn, WhatsApp…); cut to 1200 × 630 px around the hotspot.',
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
      description: 'The top of the home page, shown with the "Explore Certifications" and "Enroll Now" buttons.',
      validation: required,
      fields: [
        defineField({
          name: 'eyebrow',
          type: 'string',
          description: 'Optional short line in small capitals above the heading, e.g. "Maritime training since 2006".',
        }),
        defineField({
          name: 'heading',
          type: 'string',
          description: 'Main heading (h1) of the home page.',
          validation: required,
        }),
        defineField({
          name: 'subheading',
          type: 'text',
          rows: 2,
          description: 'One or two sentences under the heading.',
          validation: required,
        }),
        imageField({
          name: 'image',
          title: 'Hero photo',
          description: 'Large photo behind the heading (at least 2000 px wide); a dark scrim keeps the text readable. Also the poster when there is no video.',
        }),
        defineField({
          name: 'video',
          title: 'Hero video (optional)',
          type: 'object',
          description:
            'A short silent loop played behind the heading (muted, looping; never loaded for visitors who prefer reduced motion or save data). Give both formats and a poster.',
          fields: [
            defineField({name: 'mp4', title: 'MP4 file', type: 'file', description: 'H.264 MP4, at most about 2 MB.', options: {accept: 'video/mp4'}}),
            defineField({name: 'webm', title: 'WebM file', type: 'file', description: 'VP9 or AV1 WebM of the same loop.', options: {accept: 'video/webm'}}),
            imageField({name: 'poster', title: 'Poster image', description: 'The first frame of the video, shown while it loads and instead of it.'}),
          ],
        }),
      ],
    }),
    listField({
      name: 'stats',
      of: {type: 'stat'},
      description: 'Row of key figures under the hero, e.g. "5000+ Certified Seafarers": between 3 and 6.',
      count: [3, 6],
    }),
    defineField({
      name: 'intro',
      title: 'Company introduction',
      type: 'object',
      description: 'Short introduction of the company with a link to the About page.',
      validation: required,
      fields: [
        defineField({name: 'heading', type: 'string', description: 'Heading of the introduction.', validation: required}),
        defineField({name: 'body', type: 'text', rows: 4, description: 'The introduction text.', validation: required}),
        defineField({
          name: 'linkLabel',
          type: 'string',
          description: 'Text of the link to the About page, e.g. "Learn More About Us".',
          validation: required,
        }),
      ],
    }),
    requiredString('featuredHeading', 'Heading above the three featured program cards.'),
    optionalText('featuredSubheading', 'Optional sentence under that heading.'),
    listField({
      name: 'featuredCategories',
      title: 'Featured programs',
      of: {type: 'reference', to: [{type: 'courseCategory'}]},
      description: 'Exactly three different programs shown as cards (with their course counts), in this order.',
      count: 3,
      unique: true,
    }),
    requiredString('whyChooseHeading', 'Heading of the "why choose us" section.'),
    listField({
      name: 'whyChoose',
      title: 'Why choose us',
      of: {type: 'feature'},
      description: 'Exactly six reasons, each a title and a sentence or two.',
      count: 6,
    }),
    requiredString('locationsHeading', 'Heading of the training locations section; the locations themselves are "Training location" documents.'),
    optionalText('locationsSubheading', 'Optional sentence under the locations heading.'),
    requiredString('testimonialsHeading', 'Heading of the testimonials section; the quotes themselves are "Testimonial" documents.'),
    defineField({
      name: 'cta',
      title: 'Call to action',
      type: 'object',
      description: 'Closing band of the home page, shown with the "Contact Us" and "Enroll Now" buttons and the contact details.',
      validation: required,
      fields: [
        defineField({name: 'heading', type: 'string', description: 'Heading of the closing band.', validation: required}),
        defineField({name: 'body', type: 'text', rows: 3, description: 'One or two sentences under it.', validation: required}),
      ],
    }),
  ],
  preview: {prepare: () => ({title: 'Home page'})},
})

export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'About page',
  type: 'document',
  fields: [
    ...pageHeadingFields('Main heading (h1) of the About page.'),
    listField({name: 'stats', of: {type: 'stat'}, description: 'Row of key figures under the heading: between 3 and 6.', count: [3, 6]}),
    defineField({name: 'mission', type: 'feature', description: 'First of the three cards under the figures.', validation: required}),
    defineField({name: 'vision', type: 'feature', description: 'Second of the three cards.', validation: required}),
    defineField({name: 'values', type: 'feature', description: 'Third of the three cards.', validation: required}),
    imageField({name: 'missionImage', title: 'Mission photo', description: 'Photo at the top of the mission card (shown 4:3, cut around the hotspot).'}),
    imageField({name: 'visionImage', title: 'Vision photo', description: 'Photo at the top of the vision card (shown 4:3).'}),
    imageField({
      name: 'valuesImage',
      title: 'Values photo',
      description: 'Photo at the top of the values card (shown 4:3); without one the card shows a coloured panel.',
    }),
    defineField({
      name: 'excellence',
      title: '"Since" block',
      type: 'object',
      description: "Dark band about the company's track record, with its own figures.",
      validation: required,
      fields: [
        requiredString('heading', 'Heading of the band, e.g. "Maritime Excellence Since 2006".'),
        defineField({name: 'body', type: 'text', rows: 4, description: 'Paragraph under the heading.', validation: required}),
        listField({name: 'stats', of: {type: 'stat'}, description: 'Figures shown beside the text: between 1 and 4.', count: [1, 4]}),
        imageField({name: 'image', title: 'Photo', description: 'Photo beside the text of the band (shown 3:2).'}),
      ],
    }),
    requiredString('servicesHeading', 'Heading of the services section, e.g. "What We Do".'),
    listField({
      name: 'services',
      of: {type: 'feature'},
      description: 'Exactly five service cards in that section (text only; they do not link to the service pages).',
      count: 5,
    }),
    defineField({
      name: 'teamHeading',
      type: 'string',
      description: 'Heading of the team section, e.g. "Meet Our Instructors"; the section is shown only when it has team members.',
    }),
    defineField({
      name: 'team',
      type: 'array',
      description: 'People shown with their photo, name and role: up to 8.',
      validation: (Rule) => Rule.max(8),
      of: [
        defineArrayMember({
          type: 'object',
          name: 'teamMember',
          fields: [
            defineField({name: 'name', type: 'string', description: 'Full name.', validation: required}),
            defineField({name: 'role', type: 'string', description: 'Role or qualification, e.g. "Master Mariner, Head of Training".', validation: required}),
            imageField({name: 'photo', description: 'Portrait (shown square, cut around the hotspot); without one the card shows the initials.'}),
          ],
          preview: {select: {title: 'name', subtitle: 'role', media: 'photo'}},
        }),
      ],
    }),
    defineField({
      name: 'cta',
      title: 'Call to action',
      type: 'callToAction',
      description: 'Closing band of the About page with one button.',
      validation: required,
    }),
  ],
  preview: {prepare: () => ({title: 'About page'})},
})

export const coursesPage = defineType({
  name: 'coursesPage',
  title: 'Courses overview page',
  type: 'document',
  fields: [
    ...pageHeadingFields('Main heading (h1) of the /courses page.'),
    requiredString('benefitsHeading', 'Heading of the benefits section under the program cards.', '"Training Excellence" heading'),
    listField({name: 'benefits', of: {type: 'feature'}, description: 'Exactly four benefit cards in that section.', count: 4}),
    requiredString(
      'categoryWhyHeading',
      'Heading of the "why" section at the bottom of every program page (/courses/{id}), e.g. "Why Choose Our Training?".',
      'Category pages: "why" heading',
    ),
    listField({
      name: 'categoryWhy',
      title: 'Category pages: reasons',
      of: {type: 'feature'},
      description: 'Reasons shown in that section on every program page: between 3 and 6.',
      count: [3, 6],
    }),
  ],
  preview: {prepare: () => ({title: 'Courses overview page'})},
})

export const servicesPage = defineType({
  name: 'servicesPage',
  title: 'Services overview page',
  type: 'document',
  fields: [
    ...pageHeadingFields('Main heading (h1) of the /services page and its browser tab title.'),
    listField({
      name: 'services',
      title: 'Service cards',
      of: {type: 'reference', to: [{type: 'servicePage'}]},
      description: 'Exactly five different service pages shown as cards (each with its title and summary), in this order.',
      count: 5,
      unique: true,
    }),
    requiredString('ctaHeading', 'Heading of the closing band with the "Contact Us" and "View Courses" buttons.', 'Call to action heading'),
    optionalText('ctaBody', 'Optional sentence under that heading.', {title: 'Call to action text'}),
  ],
  preview: {prepare: () => ({title: 'Services overview page'})},
})

export const siteTypes = [siteSettings, homePage, aboutPage, coursesPage, servicesPage]
export {internalHref}
