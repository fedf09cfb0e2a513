/**
 * Where to go from a page that ends a path (an error, a confirmation): a row of links drawn as
 * buttons, the first the main way on (filled), the others outlined. `className` places the row.
 */
import {Link} from '@remix-run/react'

export function LinkButtons({links, className}: {links: ReadonlyArray<{to: string; label: string}>; className: string}) {
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      {links.map((link, index) => (
        <Link key={link.to} to={link.to} className={index === 0 ? 'btn-secondary' : 'btn-outline'}>
          {link.label}
        </Link>
      ))}
    </div>
  )
}
