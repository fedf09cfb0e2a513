/**
 * The public content pages of the spec's route table (docs/requirements.md#req-routes) plus the exam instructions,
 * written out by hand as the tests' oracle: the sitemap must list exactly these, and each names
 * itself as canonical. Used by tests/integration/seo.test.ts and tests/e2e/seo.spec.ts.
 */
export const SPEC_CONTENT_PAGES: readonly string[] = [
  '/',
  '/about',
  '/courses',
  '/courses/pre-sea-training',
  '/courses/stcw-courses',
  '/courses/offshore-survival',
  '/courses/value-added-courses',
  '/courses/competency-training',
  '/courses/cadetship-training',
  '/services',
  '/contact',
  '/exams',
  '/terms',
  '/privacy',
  '/refund',
  '/shipping',
  '/services/vessel-registration',
  '/services/yacht-registration',
  '/services/maritime-labor',
  '/services/officer-licensing',
  '/services/seaman-book',
  '/services/filing-agents',
  '/services/ship-officer-crew',
  ...['deck-officers', 'engineering-officers', 'hospitality', 'cadet', 'ab', 'ii-officer', 'chief-officer', 'captain', 'electrotechnical-certifications', 'rating-certifications'].map(
    (slug) => `/services/officer-licensing/${slug}`,
  ),
  '/exam/maritime-safety-basics/start',
  '/exam/navigation-fundamentals/start',
]
