/**
 * The fixed top navigation (docs/requirements.md#req-frame): transparent at the top of the
 * page and solid after 50px of scroll; light text over the dark heroes of the home and
 * course pages while transparent; a keyboard-operable menu on small screens.
 */
import {Link, NavLink, useLocation} from '@remix-run/react'
import {useEffect, useRef, useState} from 'react'
import type {PreparedImage} from '~/lib/image-layouts'
import {AnchorIcon, CloseIcon, MenuIcon} from './Icons'
import {SiteLogo} from './SiteLogo'

/** Scroll distance (px) after which the bar turns solid (docs/requirements.md#req-constants-other). */
export const SOLID_AFTER_PX = 50

export const NAV_LINKS = [
  {to: '/', label: 'Home'},
  {to: '/about', label: 'About'},
  {to: '/courses', label: 'Certifications'},
  {to: '/courses/calendar', label: 'Course Calendar'},
  {to: '/services', label: 'Services'},
  {to: '/contact', label: 'Contact'},
] as const

/** Pages whose hero is dark, so the transparent bar shows the light logo. */
export function hasDarkHero(pathname: string): boolean {
  return pathname === '/' || pathname === '/courses' || pathname.startsWith('/courses/')
}

/**
 * `logo` (for light backgrounds) and `logoDark` (for dark backgrounds) are the site settings'
 * logos (docs/requirements.md#req-issue-19-brand); without them the icon and the company name.
 */
export function SiteNav({companyName, logo, logoDark}: {companyName: string; logo?: PreparedImage | null; logoDark?: PreparedImage | null}) {
  const {pathname} = useLocation()
  const [scrolled, setScrolled] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SOLID_AFTER_PX)
    update()
    window.addEventListener('scroll', update, {passive: true})
    return () => window.removeEventListener('scroll', update)
  }, [])

  // A navigation closes the menu.
  useEffect(() => setMenuOpen(false), [pathname])

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false)
        toggleRef.current?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])

  const solid = scrolled || menuOpen
  const light = !solid && hasDarkHero(pathname)

  return (
    <header
      data-solid={solid ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-50 transition-colors duration-300 ${solid ? 'bg-navy-950/95 shadow-lg backdrop-blur' : 'bg-transparent'}`}
    >
      <nav aria-label="Main" className="container-page flex h-16 items-center justify-between gap-4">
        <Link
          to="/"
          viewTransition
          className={`flex items-center gap-2 text-base font-bold tracking-tight ${light || solid ? 'text-white' : 'text-navy-900'}`}
          data-logo={light || solid ? 'light' : 'dark'}
        >
          <SiteLogo
            image={light || solid ? logoDark : logo}
            companyName={companyName}
            className="h-9 w-auto"
            fallback={
              <>
                <span className={`grid h-9 w-9 place-items-center rounded-full ${light || solid ? 'bg-white/15' : 'bg-navy-900 text-white'}`}>
                  <AnchorIcon />
                </span>
                <span>{companyName}</span>
              </>
            }
          />
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === '/'}
                viewTransition
                className={({isActive}) =>
                  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                    light || solid ? 'text-white/90 hover:bg-white/10 hover:text-white' : 'text-navy-900 hover:bg-navy-900/5'
                  } ${isActive ? 'underline decoration-brass-400 decoration-2 underline-offset-8' : ''}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li className="ml-2">
            <Link to="/payment" className="btn-primary">
              Enroll Now
            </Link>
          </li>
        </ul>

        <button
          ref={toggleRef}
          type="button"
          className={`inline-flex h-11 w-11 items-center justify-center rounded-md lg:hidden ${light || solid ? 'text-white hover:bg-white/10' : 'text-navy-900 hover:bg-navy-900/5'}`}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
      </nav>

      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-white/10 bg-navy-950 lg:hidden">
        <ul className="container-page flex flex-col gap-1 py-4">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === '/'}
                className={({isActive}) => `block rounded-md px-3 py-3 text-base font-medium text-white hover:bg-white/10 ${isActive ? 'bg-white/10' : ''}`}
                onClick={() => setMenuOpen(false)}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li className="pt-2">
            <Link to="/payment" className="btn-primary w-full" onClick={() => setMenuOpen(false)}>
              Enroll Now
            </Link>
          </li>
        </ul>
      </div>
    </header>
  )
}
