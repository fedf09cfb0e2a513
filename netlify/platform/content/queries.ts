/**
 * Every GROQ query of the site, defined once with `defineQuery` so `sanity typegen`
 * (npm run typegen) generates their result types into ./sanity.types.ts.
 *
 * The same strings run against the Content Lake (@sanity/client) and, with no
 * configuration, against the seed dataset in-process (groq-js): see ./client.ts.
 * Queries never select an exam question's correct answer: answers are not page data.
 *
 * Projections that several queries share are named fragments below (plain `const` strings
 * interpolated into the queries, which `sanity typegen` resolves): a course category's card,
 * a service page's card, an exam's card, and the small repeated shapes (stats, titled items).
 */
import {defineQuery} from 'groq'

/**
 * An image field (docs/requirements.md#req-issue-19-images): alt text, the decorative
 * flag, crop and hotspot, and the asset's id, URL, LQIP and dimensions — what lib/image.server.ts and
 * components/SanityImage.tsx need. Used as `field{${'${IMAGE}'}}`.
 */
const IMAGE = `alt, decorative, crop{top, bottom, left, right}, hotspot{x, y, width, height},
  asset->{_id, url, metadata{lqip, dimensions{width, height, aspectRatio}}}`

/** A file field (video): the asset's id, URL and type. */
const FILE = `asset->{_id, url, mimeType}`

/** A course category as its page heading shows it: id (slug), title, description, the card's look and facts, card image. */
const CATEGORY_FIELDS = `_id, title, "id": slug.current, description, gradient, durationRange, level, highlights, image{${IMAGE}}`

/**
 * A course category's card (home page, courses overview): CATEGORY_FIELDS and its course count
 * (cadetship counts its installments).
 */
const CATEGORY_CARD = `${CATEGORY_FIELDS},
      "courseCount": select(
        slug.current == "cadetship-training" => count(*[_type == "cadetshipProgramme" && _id == "cadetshipProgramme"][0].installments),
        count(*[_type == "course" && references(^._id)])
      )`

/** A service or officer-licensing page's card (services overview, a page's child pages). */
const SERVICE_CARD = `_id, title, section, "slug": slug.current, summary`

/** An exam's card and instructions (exams list, start page): no questions. */
const EXAM_CARD = `_id, title, "examId": examId.current, description, category, durationMinutes, totalPoints,
  "questionCount": count(slots)`

/** What the take page and the scoring both need of an exam, besides its questions. */
const EXAM_HEADER = `_id, title, "examId": examId.current, durationMinutes, totalPoints`

/** A stat figure: value and label. */
const STAT = `_key, value, label`

/** A titled list item: title and description. */
const TITLED_ITEM = `_key, title, description`

export const SITE_SETTINGS_QUERY = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  companyName, tagline, foundedYear, officeCount, footerBlurb, seoDescription,
  contact{email, phone, phoneHref, address, businessHours},
  socialLinks[]{_key, platform, url},
  logo{${IMAGE}}, logoDark{${IMAGE}}, appIcon{${IMAGE}}, socialImage{${IMAGE}}
}`)

/** The accreditation strip (home and about): every accreditation in order. */
const ACCREDITATIONS = `*[_type == "accreditation"] | order(order asc){_id, name, issuer, number, url, logo{${IMAGE}}}`

/**
 * What a receipt and the payment e-mails print about the provider: name, contact, the
 * receipt number prefix, and the refund policy's summary (netlify/services/receipts/context.ts takes
 * its first sentence).
 */
export const RECEIPT_CONTEXT_QUERY = defineQuery(`{
  "settings": *[_type == "siteSettings" && _id == "siteSettings"][0]{companyName, receiptPrefix, contact{email, phone, address}},
  "refundSummary": *[_type == "legalPage" && slug.current == "refund"][0].summary
}`)

/**
 * What a course certificate prints and needs (netlify/services/certificates/context.ts): the
 * provider (name, contact, receipt prefix, signatory, approval number) and the enrolled course —
 * found by its program's slug (`$program`, the enrolment's trainingProgram) and short name
 * (`$course`, the enrolment's course) — with its certificate code and validity.
 */
export const CERTIFICATE_CONTEXT_QUERY = defineQuery(`{
  "settings": *[_type == "siteSettings" && _id == "siteSettings"][0]{
    companyName, receiptPrefix, certificateSignatoryName, certificateSignatoryTitle, approvalNumber, contact{email, phone, address}
  },
  "course": *[_type == "course" && category->slug.current == $program && name == $course][0]{
    _id, name, fullName, code, certificateValidityYears, "category": category->slug.current
  }
}`)

/**
 * The site settings' "Document retention (days)" (docs/requirements.md#req-document-retention):
 * null when unset; netlify/services/uploads/retention.ts applies the default.
 */
export const DOCUMENT_RETENTION_QUERY = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{documentRetentionDays}`)

/**
 * "What happens next" on the enrolment confirmation page: the cadetship's installment
 * schedule and documents to bring, and the documents competency training needs.
 */
export const NEXT_STEPS_QUERY = defineQuery(`{
  "cadetship": *[_type == "cadetshipProgramme" && _id == "cadetshipProgramme"][0]{installments[]{_key, label, duration, feeUsd}, documentsToBring},
  "competency": *[_type == "competencyFeeTable" && _id == "competencyFeeTable"][0]{documentsToBring}
}`)

export const HOME_PAGE_QUERY = defineQuery(`{
  "page": *[_type == "homePage" && _id == "homePage"][0]{
    hero{eyebrow, heading, subheading, image{${IMAGE}}, video{mp4{${FILE}}, webm{${FILE}}, poster{${IMAGE}}}},
    stats[]{${STAT}},
    intro{heading, body, linkLabel},
    featuredHeading, featuredSubheading,
    "featured": featuredCategories[]->{${CATEGORY_CARD}},
    whyChooseHeading, whyChoose[]{${TITLED_ITEM}},
    locationsHeading, locationsSubheading, testimonialsHeading,
    cta{heading, body}
  },
  "locations": *[_type == "location"] | order(order asc){_id, country, countryCode, cities, image{${IMAGE}}},
  "testimonials": *[_type == "testimonial"] | order(order asc){_id, name, position, company, quote, rating, isSample, image{${IMAGE}}},
  "accreditations": ${ACCREDITATIONS}
}`)

export const ABOUT_PAGE_QUERY = defineQuery(`*[_type == "aboutPage" && _id == "aboutPage"][0]{
  heading, subheading,
  stats[]{${STAT}},
  mission{title, description}, vision{title, description}, values{title, description},
  missionImage{${IMAGE}}, visionImage{${IMAGE}}, valuesImage{${IMAGE}},
  excellence{heading, body, stats[]{${STAT}}, image{${IMAGE}}},
  teamHeading, team[]{_key, name, role, photo{${IMAGE}}},
  servicesHeading, services[]{${TITLED_ITEM}},
  cta{heading, body, label, href}
}`)

/** The accreditation strip on its own (about page; the home page query includes it). */
export const ACCREDITATIONS_QUERY = defineQuery(ACCREDITATIONS)

export const COURSES_PAGE_QUERY = defineQuery(`{
  "page": *[_type == "coursesPage" && _id == "coursesPage"][0]{heading, subheading, benefitsHeading, benefits[]{${TITLED_ITEM}}},
  "categories": *[_type == "courseCategory"] | order(order asc){${CATEGORY_CARD}}
}`)

/** A batch's days, place and class size: what a course card line and a calendar row show. */
const BATCH_FIELDS = `_id, startDate, endDate, city, seats, status`

/**
 * $category: the category id; $today: the provider's day 'YYYY-MM-DD' (domain/batches.ts
 * providerToday): each course's next two open batches starting after it.
 */
export const CATEGORY_PAGE_QUERY = defineQuery(`{
  "category": *[_type == "courseCategory" && slug.current == $category][0]{
    ${CATEGORY_FIELDS},
    "courses": *[_type == "course" && references(^._id)] | order(order asc){
      _id, name, fullName, description, duration, level, pricing, priceUsd, priceInr,
      "image": select(defined(image.asset) => image, ^.image){${IMAGE}},
      "batches": *[_type == "courseBatch" && course._ref == ^._id && status == "open" && startDate > $today] | order(startDate asc, city asc)[0...2]{${BATCH_FIELDS}}
    }
  },
  "why": *[_type == "coursesPage" && _id == "coursesPage"][0]{categoryWhyHeading, categoryWhy[]{${TITLED_ITEM}}}
}`)

export const COMPETENCY_PAGE_QUERY = defineQuery(`{
  "category": *[_type == "courseCategory" && slug.current == "competency-training"][0]{title, description, durationRange, level},
  "table": *[_type == "competencyFeeTable" && _id == "competencyFeeTable"][0]{
    heading, intro, note,
    jurisdictions[]{_key, key, name},
    rows[]{_key, rank, fees[]{_key, jurisdiction, amountUsd}}
  }
}`)

export const CADETSHIP_PAGE_QUERY = defineQuery(`{
  "category": *[_type == "courseCategory" && slug.current == "cadetship-training"][0]{title, description, durationRange, level, highlights},
  "programme": *[_type == "cadetshipProgramme" && _id == "cadetshipProgramme"][0]{
    heading, intro, duration, trainingType, totalFeeUsd, stipendRange{minUsd, maxUsd},
    installments[]{_key, label, duration, feeUsd},
    enrolCourse, enrolAmountUsd, highlights
  }
}`)

export const SERVICES_PAGE_QUERY = defineQuery(`*[_type == "servicesPage" && _id == "servicesPage"][0]{
  heading, subheading, ctaHeading, ctaBody,
  "services": services[]->{${SERVICE_CARD}}
}`)

/** $slug: the page's slug; $sections: where it may live (["services"] or ["officer-licensing", …]). */
export const SERVICE_PAGE_QUERY = defineQuery(`*[_type == "servicePage" && slug.current == $slug && section in $sections][0]{
  _id, title, section, "slug": slug.current, summary, intro, body,
  "childPages": childPages[]->{${SERVICE_CARD}},
  cta{heading, body, label, href},
  "trainingProviders": select(
    showTrainingProviders == true => *[_type == "trainingProvider"] | order(order asc){_id, name, address, city, postalCode, country, fax, validTill, note},
    []
  )
}`)

export const LEGAL_PAGE_QUERY = defineQuery(`*[_type == "legalPage" && slug.current == $slug][0]{
  _id, title, "slug": slug.current, summary, lastUpdated, body
}`)

/**
 * The "Last updated" dates ('YYYY-MM-DD' or null) of the two legal pages a candidate accepts
 * before paying (docs/requirements.md#req-terms; schemas/rules/terms.ts): stored with
 * each enrolment by create-order.
 */
export const LEGAL_UPDATED_QUERY = defineQuery(`{
  "terms": *[_type == "legalPage" && slug.current == "terms"][0].lastUpdated,
  "refund": *[_type == "legalPage" && slug.current == "refund"][0].lastUpdated
}`)

export const EXAMS_QUERY = defineQuery(`*[_type == "exam"] | order(order asc){
  ${EXAM_CARD}
}`)

/**
 * Everything the enrolment form and the order function need to price a course (see
 * docs/requirements.md#req-constants-payment): programs with their courses, the competency fee table and the
 * cadetship programme. Read by schemas/rules/enrolment.ts.
 */
export const ENROLMENT_CATALOGUE_QUERY = defineQuery(`{
  "programs": *[_type == "courseCategory"] | order(order asc){
    "id": slug.current, title,
    "courses": *[_type == "course" && references(^._id)] | order(order asc){name, fullName, pricing, priceUsd, priceInr}
  },
  "feeTable": *[_type == "competencyFeeTable" && _id == "competencyFeeTable"][0]{
    jurisdictions[]{key, name},
    rows[]{rank, fees[]{jurisdiction, amountUsd}}
  },
  "cadetship": *[_type == "cadetshipProgramme" && _id == "cadetshipProgramme"][0]{heading, enrolCourse, enrolAmountUsd, installments[]{_key, label, duration, feeUsd}}
}`)

/**
 * The enrolment form's dates (/payment, docs/requirements.md#req-batches-form): every
 * open batch starting after $today (the provider's day 'YYYY-MM-DD'), earliest first, with the
 * form's values of its course — `course` the course name (the cadetship programme's
 * `enrolCourse` for an intake) and `program` the category id ("cadetship-training" for an
 * intake) — so the form offers the batches of whichever course is chosen
 * (domain/batches.ts batchesForCourse). Compact: the page renders every open batch's option data.
 */
export const ENROLMENT_BATCHES_QUERY =
  defineQuery(`*[_type == "courseBatch" && status == "open" && startDate > $today] | order(startDate asc, city asc, _id asc){
  _id, startDate, endDate, city, seats,
  "course": coalesce(course->name, course->enrolCourse),
  "program": select(course->_type == "cadetshipProgramme" => "cadetship-training", course->category->slug.current)
}`)

/**
 * The course calendar (/courses/calendar): every batch starting after $today (the
 * provider's day 'YYYY-MM-DD'), open or closed (cancelled ones are not listed), earliest first,
 * with its course (a course, or the cadetship programme for an intake: `categoryId` is then
 * "cadetship-training", `enrolCourse` its enrolment course id, `priceUsd` the amount paid at
 * enrolment) and location; and the filters' categories and locations.
 */
export const CALENDAR_QUERY = defineQuery(`{
  "batches": *[_type == "courseBatch" && status in ["open", "closed"] && startDate > $today] | order(startDate asc, city asc, _id asc){
    ${BATCH_FIELDS}, venue, note,
    "course": course->{
      _id, _type,
      "name": coalesce(name, heading),
      fullName,
      "categoryId": select(_type == "cadetshipProgramme" => "cadetship-training", category->slug.current),
      "enrolCourse": coalesce(enrolCourse, name),
      "pricing": select(_type == "cadetshipProgramme" => "fixed", pricing),
      "priceUsd": coalesce(priceUsd, enrolAmountUsd)
    },
    "location": location->{_id, country, countryCode}
  },
  "categories": *[_type == "courseCategory"] | order(order asc){_id, "id": slug.current, title},
  "locations": *[_type == "location"] | order(order asc){_id, country, cities}
}`)

/** One exam for its instructions page (no questions). */
export const EXAM_QUERY = defineQuery(`*[_type == "exam" && examId.current == $examId][0]{
  ${EXAM_CARD}, "courses": courseCategory->{"slug": slug.current, title}
}`)

/**
 * One exam for taking it: its slots with every variant question WITHOUT correct answers,
 * accepted answers or explanations (answers stay secret until submission; the take page's HTML
 * must never contain them). The server draws one variant per slot from the same query
 * (netlify/services/exams/attempts/draws.ts); the take page shows the drawn ones.
 */
export const EXAM_TAKE_QUERY = defineQuery(`*[_type == "exam" && examId.current == $examId][0]{
  ${EXAM_HEADER}, "shuffleOptions": coalesce(shuffleOptions, true),
  slots[]{_key, variants[]{"id": questionId, type, question, options, points}}
}`)

/**
 * One exam with its answer key, for scoring on the server only (schemas/rules/exam-scoring.ts):
 * accepted answers, explanations and the review policy (pass mark, whether correct answers and
 * explanations are shown, docs/requirements.md#req-exam-variants).
 */
export const EXAM_KEY_QUERY = defineQuery(`*[_type == "exam" && examId.current == $examId][0]{
  ${EXAM_HEADER}, passMark, "showCorrectAnswers": coalesce(showCorrectAnswers, true),
  slots[]{_key, variants[]{"id": questionId, "variantId": _key, type, question, options, correctAnswer, correctAnswers, acceptedAnswers, explanation, points}}
}`)

/** An exam's variants for the staff's item statistics: id, question text and points per slot, no answer key. */
export const EXAM_VARIANTS_QUERY = defineQuery(`*[_type == "exam" && examId.current == $examId][0]{
  slots[]{variants[]{"id": questionId, question, points}}
}`)

/**
 * Every content page's address parts and last change, for /sitemap.xml (web/app/lib/sitemap.ts):
 * course categories (with their courses' changes), service and officer-licensing pages, the
 * legal pages the site serves ($legalSlugs), exams (their start pages), and the singletons
 * behind the fixed pages. `_updatedAt` is null where a document has none (the seed dataset).
 */
export const SITEMAP_QUERY = defineQuery(`{
  "singletons": *[_id in ["siteSettings", "homePage", "aboutPage", "coursesPage", "servicesPage", "competencyFeeTable", "cadetshipProgramme"]]{_id, _updatedAt},
  "categories": *[_type == "courseCategory" && defined(slug.current)] | order(order asc){
    "id": slug.current, _updatedAt,
    "coursesUpdatedAt": *[_type == "course" && references(^._id)]._updatedAt
  },
  "services": *[_type == "servicePage" && defined(slug.current) && section in ["services", "officer-licensing"]] | order(section desc, slug.current asc){
    section, "slug": slug.current, _updatedAt
  },
  "legal": *[_type == "legalPage" && slug.current in $legalSlugs] | order(slug.current asc){"slug": slug.current, _updatedAt},
  "exams": *[_type == "exam" && defined(examId.current)] | order(order asc){"examId": examId.current, _updatedAt}
}`)
