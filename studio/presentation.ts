/**
 * The Presentation tool: the site in a frame beside the editor, showing drafts.
 *
 * The frame opens `<site>/api/preview-mode/enable` with a secret the Studio has just written to
 * the dataset; the site checks it (web/app/lib/preview.server.ts) before it reads drafts.
 * Sharing preview links is off: drafts are seen only by people signed in to the Studio.
 *
 * `SANITY_STUDIO_PREVIEW_ORIGIN` is the site's origin (default http://localhost:8888, the
 * `npm run dev` server); for the deployed Studio set it to the production site URL at build time.
 *
 * `locations` tells an editor, on every document, which pages show it; `mainDocuments` opens the
 * right document when the editor navigates the site inside the frame.
 */
import {defineDocuments, defineLocations, presentationTool, type DocumentLocation} from 'sanity/presentation'
import {categoryPath, examStartPath, legalPath, servicePath} from '../schemas/rules/paths'
import {previewOrigin} from './env'

const at = (title: string, href: string): DocumentLocation => ({title, href})

/** Which pages show a document of each type (the routes of docs/requirements.md#req-routes). */
const locations = {
  siteSettings: {locations: [at('Every page (header and footer)', '/')]},
  homePage: {locations: [at('Home', '/')]},
  aboutPage: {locations: [at('About', '/about')]},
  coursesPage: {locations: [at('Courses', '/courses')]},
  servicesPage: {locations: [at('Services', '/services')]},
  competencyFeeTable: {locations: [at('Competency training', '/courses/competency-training')]},
  cadetshipProgramme: {locations: [at('Cadetship training', '/courses/cadetship-training'), at('Courses', '/courses')]},
  courseCategory: defineLocations({
    select: {title: 'title', slug: 'slug.current'},
    resolve: (doc) => ({
      locations: doc?.slug ? [at(doc.title ?? doc.slug, categoryPath(doc.slug)), at('Courses', '/courses'), at('Home', '/')] : [],
    }),
  }),
  course: defineLocations({
    select: {name: 'name', category: 'category.title', slug: 'category.slug.current'},
    resolve: (doc) => ({
      locations: doc?.slug ? [at(doc.category ?? doc.slug, categoryPath(doc.slug)), at('Enrolment form', '/payment')] : [],
    }),
  }),
  servicePage: defineLocations({
    select: {title: 'title', slug: 'slug.current', section: 'section'},
    resolve: (doc) => {
      if (!doc?.slug) return {locations: []}
      return {locations: [at(doc.title ?? doc.slug, servicePath(doc.section, doc.slug)), at('Services', '/services')]}
    },
  }),
  legalPage: defineLocations({
    select: {title: 'title', slug: 'slug.current'},
    resolve: (doc) => ({locations: doc?.slug ? [at(doc.title ?? doc.slug, legalPath(doc.slug))] : []}),
  }),
  exam: defineLocations({
    select: {title: 'title', examId: 'examId.current'},
    resolve: (doc) => ({
      locations: doc?.examId ? [at(doc.title ?? doc.examId, examStartPath(doc.examId)), at('Practice exams', '/exams')] : [],
    }),
  }),
  location: {locations: [at('Home (training locations)', '/')]},
  testimonial: {locations: [at('Home (testimonials)', '/')]},
  trainingProvider: {locations: [at('Officer licensing pages that list providers', '/services/officer-licensing')]},
  accreditation: {locations: [at('Home (accreditations)', '/'), at('About (accreditations)', '/about')]},
}

/** The document a page is about, for each route with one. */
const mainDocuments = defineDocuments([
  {route: '/', filter: `_type == "homePage" && _id == "homePage"`},
  {route: '/about', filter: `_type == "aboutPage" && _id == "aboutPage"`},
  {route: '/courses', filter: `_type == "coursesPage" && _id == "coursesPage"`},
  {route: '/courses/competency-training', filter: `_type == "competencyFeeTable" && _id == "competencyFeeTable"`},
  {route: '/courses/cadetship-training', filter: `_type == "cadetshipProgramme" && _id == "cadetshipProgramme"`},
  {route: '/courses/:category', filter: `_type == "courseCategory" && slug.current == $category`},
  {route: '/services', filter: `_type == "servicesPage" && _id == "servicesPage"`},
  {route: '/services/officer-licensing/:slug', filter: `_type == "servicePage" && section == "officer-licensing" && slug.current == $slug`},
  {route: '/services/:slug', filter: `_type == "servicePage" && section == "services" && slug.current == $slug`},
  {route: '/exam/:examId/start', filter: `_type == "exam" && examId.current == $examId`},
  {route: '/:slug', filter: `_type == "legalPage" && slug.current == $slug`},
])

export const presentation = presentationTool({
  title: 'Preview',
  previewUrl: {
    origin: previewOrigin,
    previewMode: {enable: '/api/preview-mode/enable', disable: '/api/preview-mode/disable', shareAccess: false},
  },
  resolve: {locations, mainDocuments},
})
