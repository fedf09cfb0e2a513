/**
 * The company logo from the site settings (docs/requirements.md#req-issue-19-brand): the
 * editor's SVG or PNG through SanityImage, sized by its height (`className`, e.g. "h-9 w-auto")
 * with the asset's width/height attributes so nothing shifts. Its alt text is the company name
 * (the logo stands for it, e.g. as the home link's name). Without a usable logo: `fallback`.
 */
import type {ReactNode} from 'react'
import {resolveImage, type ImageSource} from '~/lib/image'
import {SanityImage} from './SanityImage'

export function SiteLogo({
  image,
  companyName,
  className,
  fallback,
}: {
  image: ImageSource | null | undefined
  companyName: string
  className?: string
  fallback: ReactNode
}) {
  return <SanityImage image={image} sizes="260px" maxWidth={640} alt={companyName} className={className} fallback={fallback} priority={false} />
}

/**
 * The favicon and home-screen icon links (docs/requirements.md#req-issue-19-brand): the site
 * settings' app icon as 48 × 48 (browser tab) and 180 × 180 (Apple home screen) PNG renditions,
 * cut square around the hotspot; else the built-in /favicon.svg.
 */
export function SiteIcons({appIcon}: {appIcon: ImageSource | null | undefined}) {
  const icon = resolveImage(appIcon)
  if (!icon || icon.format === 'svg') return <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  const png = (size: number) => icon.builder.width(size).height(size).fit('crop').format('png').url()
  return (
    <>
      <link rel="icon" href={png(48)} type="image/png" sizes="48x48" />
      <link rel="apple-touch-icon" href={png(180)} sizes="180x180" />
    </>
  )
}
