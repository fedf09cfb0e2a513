/**
 * The card of a service page in a list (the /services overview, the sub-pages of the officer
 * licensing hub): title linking to the page (the whole card is the link's target area), summary
 * and a "Learn more" cue. `large` is the overview's card: an icon above a larger title.
 */
import {Link} from '@remix-run/react'
import type {ComponentType} from 'react'
import {servicePath} from '#schemas/rules/paths'
import {ArrowRightIcon} from './Icons'

export type ServiceCardPage = {_id: string; section: string | null; slug: string | null; title: string | null; summary: string | null}

export function ServiceCard({page, icon: Icon}: {page: ServiceCardPage; icon?: ComponentType<{width?: number; height?: number}>}) {
  return (
    <li
      className={`group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-lg${Icon ? ' sm:p-8' : ''}`}
    >
      {Icon ? (
        <span aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-xl bg-ocean-100 text-ocean-600">
          <Icon width={24} height={24} />
        </span>
      ) : null}
      <h3 className={Icon ? 'mt-5 text-xl font-semibold text-navy-900' : 'text-lg font-semibold text-navy-900'}>
        <Link
          to={servicePath(page.section, page.slug)}
          viewTransition
          prefetch="intent"
          className="rounded after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:text-ocean-600"
        >
          {page.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-slate-600">{page.summary}</p>
      <p aria-hidden="true" className={`${Icon ? 'mt-6' : 'mt-4'} flex items-center gap-1 text-sm font-semibold text-ocean-600`}>
        Learn more <ArrowRightIcon width={16} height={16} />
      </p>
    </li>
  )
}
