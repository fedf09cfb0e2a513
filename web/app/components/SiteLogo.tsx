/**
 * The company logo from the site settings (docs/requirements.md#req-issue-19-brand): the
 * editor's SVG or PNG, prepared by the root loader (IMAGE_LAYOUTS.logo), sized by its height
 * (`className`, e.g. "h-9 w-auto") with the asset's width/height attributes so nothing shifts.
 * Its alt text is the company name (the logo stands for it, e.g. as the home link's name).
 * Without a usable logo: `fallback`.
 */
import type {ReactNode} from 'react'
import type {PreparedImage} from '~/lib/image-layouts'
import {SanityImage} from './SanityImage'

export function SiteLogo({
  image,
  companyName,
  className,
  fallback,
}: {
  image: PreparedImage | null | undefined
  companyName: string
  className?: string
  fallback: ReactNode
}) {
  return <SanityImage image={image} alt={companyName} className={className} fallback={fallback} />
}

/**
 * The favicon and home-screen icon links (docs/requirements.md#req-issue-19-brand): the site
 * settings' app icon as 48 × 48 (browser tab) and 180 × 180 (Apple home screen) PNG renditions,
 * cut square around the hotspot (image.server.ts appIconLinks); else the built-in /favicon.svg.
 */
export function SiteIcons({icons}: {icons: {favicon: string; appleTouchIcon: string} | null}) {
  if (!icons) return <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  return (
    <>
      <link rel="icon" href={icons.favicon} type="image/png" sizes="48x48" />
      <link rel="apple-touch-icon" href={icons.appleTouchIcon} sizes="180x180" />
    </>
  )
}
