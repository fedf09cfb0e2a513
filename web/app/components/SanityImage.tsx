/**
 * The one `<img>` of content images (docs/requirements.md#req-issue-19-images). The loader has
 * prepared the image for its layout on the server (web/app/lib/image.server.ts prepareImage:
 * `@sanity/image-url`, crop and hotspot honoured, `auto=format`, a `srcset` with the layout's
 * `sizes`), so this renders it: `width`/`height` so nothing shifts when it loads, the asset's LQIP
 * as a blurred background until the image paints, `loading="lazy"` by default and, with
 * `priority` (the page's LCP image only), `loading="eager"` + `fetchpriority="high"`. `alt` is the
 * editor's text, or "" when the image is marked decorative.
 *
 * When there is no image (an empty field, a missing or broken asset), it renders `fallback`
 * (default: nothing), never a broken image; if the file itself fails to load in the browser, the
 * fallback replaces it.
 */
import {useEffect, useRef, useState, type CSSProperties, type ReactNode} from 'react'
import type {PreparedImage} from '~/lib/image-layouts'

export type SanityImageProps = {
  image: PreparedImage | null | undefined
  /** The LCP image of the page: fetched early, with high priority. At most one per page. */
  priority?: boolean
  className?: string
  /** Shown instead when there is no usable image. */
  fallback?: ReactNode
  /** Overrides the content's alt text (e.g. '' where the image repeats a caption beside it). */
  alt?: string
}

export function SanityImage({image, priority = false, className, fallback = null, alt}: SanityImageProps) {
  const [failed, setFailed] = useState(false)
  const ref = useRef<HTMLImageElement>(null)
  // A file that failed before hydration fired its error event before React listened: check once.
  useEffect(() => {
    const img = ref.current
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true)
  }, [])
  if (!image || failed) return <>{fallback}</>
  const style: CSSProperties | undefined = image.lqip
    ? {backgroundImage: `url("${image.lqip}")`, backgroundSize: 'cover', backgroundPosition: 'center'}
    : undefined
  return (
    <img
      ref={ref}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      // React 18 warns on the camelCase prop; the lower-case attribute is passed through as is.
      {...(priority ? {fetchpriority: 'high'} : {})}
      className={className}
      style={style}
      onError={() => setFailed(true)}
    />
  )
}
