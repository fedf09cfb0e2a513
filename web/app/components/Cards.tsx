/** Cards shared by several pages: statistics, feature blurbs and course-category cards. */
import {Link} from '@remix-run/react'
import {CADETSHIP_TRAINING} from '#schemas/rules/programs'
import type {PreparedImage} from '~/lib/image-layouts'
import {categoryPath} from '#schemas/rules/paths'
import {ArrowRightIcon, CheckIcon, ClockIcon} from './Icons'
import {SanityImage} from './SanityImage'

export type Stat = {_key: string; value: string | null; label: string | null}
export type Feature = {_key?: string; title: string | null; description: string | null}
export type CategoryCardData = {
  _id: string
  title: string | null
  id: string | null
  description: string | null
  gradient: string | null
  durationRange: string | null
  level: string | null
  highlights: Array<string> | null
  courseCount: number | null
  /** The card image, prepared for IMAGE_LAYOUTS.categoryCard; without one the card shows its colour band alone. */
  image?: PreparedImage | null
}

export function StatsRow({stats, tone = 'light'}: {stats: Stat[] | null | undefined; tone?: 'light' | 'dark'}) {
  return (
    <dl className="balanced-grid [--cols:2] [--gap:1.5rem] sm:[--cols:3] lg:[--cols:5]">
      {stats?.map((stat) => (
        <div key={stat._key} className="text-center">
          <dt className={`order-2 text-sm ${tone === 'dark' ? 'text-slate-300' : 'text-slate-600'}`}>{stat.label}</dt>
          <dd className={`text-3xl font-bold sm:text-4xl ${tone === 'dark' ? 'text-brass-300' : 'text-navy-800'}`}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function FeatureGrid({features, columns = 3}: {features: Feature[] | null | undefined; columns?: 2 | 3 | 4}) {
  // Centred last row, no empty slot (docs/requirements.md#req-issue-19-layouts).
  const cols = {2: 'sm:[--cols:2]', 3: 'sm:[--cols:2] lg:[--cols:3]', 4: 'sm:[--cols:2] lg:[--cols:4]'}[columns]
  return (
    <ul className={`balanced-grid [--gap:1.5rem] ${cols}`}>
      {features?.map((feature, index) => (
        <li key={feature._key ?? index} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span aria-hidden="true" className="grid h-10 w-10 place-items-center rounded-lg bg-ocean-100 text-ocean-600">
            <CheckIcon />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-navy-900">{feature.title}</h3>
          <p className="mt-2 text-slate-600">{feature.description}</p>
        </li>
      ))}
    </ul>
  )
}

/** Background of a category card, by the editor's colour choice. */
export const GRADIENTS: Record<string, string> = {
  ocean: 'from-ocean-600 to-navy-800',
  teal: 'from-teal-700 to-navy-800',
  navy: 'from-navy-700 to-navy-950',
  indigo: 'from-indigo-700 to-navy-900',
  sky: 'from-sky-700 to-navy-800',
  slate: 'from-slate-700 to-navy-900',
}

/** "5 courses" / "3 installments" (cadetship counts its installments). */
export function courseCountLabel(categoryId: string | null, count: number | null): string {
  const n = count ?? 0
  if (categoryId === CADETSHIP_TRAINING) return `${n} ${n === 1 ? 'installment' : 'installments'}`
  return `${n} ${n === 1 ? 'course' : 'courses'}`
}

/** The category cards of a page, one list item each. */
export function CategoryList({categories, className}: {categories: readonly CategoryCardData[]; className: string}) {
  return (
    <ul className={className}>
      {categories.map((category) => (
        <li key={category._id}>
          <CategoryCard category={category} />
        </li>
      ))}
    </ul>
  )
}

export function CategoryCard({category, headingLevel = 3}: {category: CategoryCardData; headingLevel?: 2 | 3}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      <SanityImage image={category.image} className="aspect-video w-full bg-slate-200 object-cover" />
      <div className={`bg-gradient-to-br ${GRADIENTS[category.gradient ?? ''] ?? GRADIENTS.ocean} p-6 text-white`}>
        <p className="text-sm font-medium text-white/90">{courseCountLabel(category.id, category.courseCount)}</p>
        <Heading className="mt-1 text-2xl font-bold">{category.title}</Heading>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="text-slate-600">{category.description}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-500">Duration</dt>
            <dd className="flex items-center gap-1 font-semibold text-navy-900">
              <ClockIcon width={16} height={16} /> {category.durationRange}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Level</dt>
            <dd className="font-semibold text-navy-900">{category.level}</dd>
          </div>
        </dl>
        <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
          {category.highlights?.map((highlight) => (
            <li key={highlight} className="flex gap-2">
              <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-ocean-600" /> {highlight}
            </li>
          ))}
        </ul>
        <div className="mt-auto pt-6">
          <Link to={categoryPath(category.id ?? '')} viewTransition className="btn-secondary w-full" aria-label={`View ${category.title} courses`}>
            View Courses <ArrowRightIcon width={16} height={16} />
          </Link>
        </div>
      </div>
    </article>
  )
}
