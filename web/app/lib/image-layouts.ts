/**
 * How the site shows content images (docs/requirements.md#req-issue-19-images), shared by the
 * loaders that prepare them and the components that render them, free of the URL builder:
 *
 * - `ImageLayout`: the layout an image is prepared for, in CSS terms: `sizes` (how wide it is
 *   shown), `aspect` (width / height the layout cuts it to, around the hotspot; none = the
 *   original's) and `maxWidth` (largest rendition, device pixels; small pictures such as avatars).
 * - `PreparedImage`: what a loader hands to SanityImage — every URL already built on the server
 *   by web/app/lib/image.server.ts (prepareImage, `@sanity/image-url`), so the URL builder never
 *   ships to the browser (the 100 KB JavaScript budget, docs/performance.md).
 */

/**
 * A layout an image is prepared for (see the module comment); `quality` (1–100) overrides the
 * CDN's default for layouts where detail matters less than bytes (a photo under a dark scrim).
 */
export type ImageLayout = {sizes: string; aspect?: number; maxWidth?: number; quality?: number}

/** An image ready for `<img>`: src, srcset and sizes (none for vectors), intrinsic size, LQIP, alt. */
export type PreparedImage = {
  src: string
  srcSet?: string
  sizes?: string
  /** The size shown (CSS px ratio): the `width`/`height` attributes, so nothing shifts. */
  width: number
  height: number
  /** The blurred placeholder (data URL) shown until the image paints; null for vectors or without one. */
  lqip: string | null
  /** The editor's alternative text; '' when the image is decorative. */
  alt: string
}

/** Open Graph image size (Facebook's and LinkedIn's recommendation), pixels. */
export const OG_IMAGE = {width: 1200, height: 630} as const

/** Cards of the home page and /courses (course categories): 16:9 over the card. */
export const CARD_ASPECT = 16 / 9
/** How wide a card is shown: a third of the page on wide screens, half on tablets, full on phones. */
export const CARD_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw'

/** Every layout of the site (one entry per way an image is shown). */
export const IMAGE_LAYOUTS = {
  /**
   * The home hero: full width, the original's proportions (cut by CSS object-cover). It is the
   * page's LCP image and lies under a scrim of 78–86 % navy, so it is sent at quality 50: about
   * half the bytes, no visible loss under the scrim.
   */
  hero: {sizes: '100vw', quality: 50},
  /** The company logo in the navigation and footer (sized by its height). */
  logo: {sizes: '260px', maxWidth: 640},
  /** An accreditation body's logo on the strip. */
  accreditation: {sizes: '240px', maxWidth: 480},
  /** A course category card. */
  categoryCard: {sizes: CARD_SIZES, aspect: CARD_ASPECT},
  /** A course card: a wide strip (2:1), so a page of courses sharing their category's photo stays calm. */
  courseCard: {sizes: CARD_SIZES, aspect: 2},
  /** A training location's photo. */
  location: {sizes: CARD_SIZES, aspect: 3 / 2},
  /** A testimonial's round 44 px photo. */
  avatar: {sizes: '44px', aspect: 1, maxWidth: 132},
  /** The about page's mission, vision and values photos. */
  pillar: {sizes: '(min-width: 768px) 33vw, 100vw', aspect: 4 / 3},
  /** The about page's "excellence" photo beside its text. */
  feature: {sizes: '(min-width: 1024px) 600px, 100vw', aspect: 3 / 2},
  /** A team member's square portrait. */
  portrait: {sizes: '(min-width: 1024px) 280px, 45vw', aspect: 1, maxWidth: 640},
} as const satisfies Record<string, ImageLayout>
