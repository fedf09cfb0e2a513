/**
 * A titled part of a page: a <section> (or an <aside>, for details beside the main content) named
 * by its <h2> through `aria-labelledby`, so screen readers list it as a region with that name.
 * `className` is the box (margins, border, padding), `headingClassName` the heading's look.
 */
import type {ReactNode} from 'react'

export function Panel({
  as: Tag = 'section',
  id,
  title,
  className,
  headingClassName = 'text-2xl font-bold text-navy-900',
  children,
}: {
  as?: 'section' | 'aside'
  /** The heading's id. */
  id: string
  title: ReactNode
  className?: string
  headingClassName?: string
  children: ReactNode
}) {
  return (
    <Tag aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </Tag>
  )
}
