/**
 * The home page's hero (docs/requirements.md#req-home, #req-issue-19-hero): the spec's heading,
 * subheading and the 'Explore Certifications' / 'Enroll Now' buttons over the editor's hero photo
 * (the page's LCP image: `priority`), behind a scrim that keeps every text at a contrast of at
 * least 4.5:1 whatever the photo shows (see SCRIM). Without a photo (and without a video poster)
 * the designed fallback is drawn: the navy gradient and the CSS swell.
 *
 * The optional video loop (mp4 + webm) is never in the server's HTML: HeroVideo adds it in the
 * browser only when shouldPlayHeroVideo says so, so visitors who prefer reduced motion, save data
 * or have a narrow (phone) screen download the photo alone.
 */
import {Link} from '@remix-run/react'
import {useEffect, useRef, useState} from 'react'
import type {PreparedImage} from '~/lib/image-layouts'
import {ArrowRightIcon} from './Icons'
import {SanityImage} from './SanityImage'

/** A file field as the home query projects it. */
type FileSource = {asset?: {url?: string | null; mimeType?: string | null} | null} | null | undefined

export type HomeHeroContent = {
  eyebrow: string | null
  heading: string | null
  subheading: string | null
  /** The photo, prepared by the loader for IMAGE_LAYOUTS.hero. */
  image?: PreparedImage | null
  video?: {mp4?: FileSource; webm?: FileSource; poster?: PreparedImage | null} | null
} | null

/** Narrowest viewport (CSS px) that gets the video: phones get the photo alone. */
export const HERO_VIDEO_MIN_WIDTH = 768

/**
 * Whether the hero video may be loaded in this browser: not when the visitor prefers reduced
 * motion, not on a save-data connection, not below HERO_VIDEO_MIN_WIDTH px (phones: the poster
 * is the hero; this is also Lighthouse's mobile run, which so never downloads the video).
 */
export function shouldPlayHeroVideo(win: Pick<Window, 'matchMedia'> & {navigator: {connection?: {saveData?: boolean}}}): boolean {
  if (win.matchMedia('(prefers-reduced-motion: reduce)').matches) return false
  if (win.navigator.connection?.saveData === true) return false
  return win.matchMedia(`(min-width: ${HERO_VIDEO_MIN_WIDTH}px)`).matches
}

/**
 * The scrim over the photo: navy-950 at 78 % (uniform on narrow screens). On wide screens it stays
 * at 78 % over the text column (up to max(50% + 18rem, 60rem), past the end of the text at every
 * width) and only then fades to 30 %. White text over navy-950 at ≥ 78 % keeps ≥ 8:1 even over a
 * white photo; the eyebrow's brass-300 ≥ 5:1; slate-200 ≥ 6:1.
 */
const SCRIM =
  'bg-navy-950/80 md:bg-transparent md:bg-[linear-gradient(90deg,rgb(6_20_42/0.86)_0%,rgb(6_20_42/0.78)_max(50%_+_18rem,60rem),rgb(6_20_42/0.3)_100%)]'

export function HomeHero({hero}: {hero: HomeHeroContent}) {
  const photo = hero?.image ?? hero?.video?.poster ?? null
  const mp4 = hero?.video?.mp4?.asset?.url ?? null
  const webm = hero?.video?.webm?.asset?.url ?? null
  const fallback = <SwellBackground />
  return (
    <section className="relative isolate overflow-hidden bg-navy-950 pt-36 pb-28 text-white sm:pt-44 sm:pb-36" data-hero={photo ? 'photo' : 'fallback'}>
      <div className="absolute inset-0 -z-20">
        <SanityImage image={photo} priority className="h-full w-full object-cover" fallback={fallback} />
      </div>
      {photo && (mp4 || webm) ? <HeroVideo mp4={mp4} webm={webm} /> : null}
      {photo ? <div aria-hidden="true" data-scrim className={`absolute inset-0 -z-10 ${SCRIM}`} /> : null}
      <div className="container-page">
        {hero?.eyebrow ? <p className="text-sm font-semibold tracking-widest text-brass-300 uppercase">{hero.eyebrow}</p> : null}
        <h1 className="mt-3 max-w-4xl text-4xl font-bold tracking-tight sm:text-6xl">{hero?.heading}</h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200 sm:text-xl">{hero?.subheading}</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link to="/courses" viewTransition className="btn-primary px-6 text-base">
            Explore Certifications <ArrowRightIcon width={18} height={18} />
          </Link>
          <Link to="/payment" className="btn-ghost-light px-6 text-base">
            Enroll Now
          </Link>
        </div>
      </div>
    </section>
  )
}

/**
 * The video loop, added after hydration when shouldPlayHeroVideo allows it (and removed if the
 * visitor turns on reduced motion meanwhile). Its poster is the photo the server already sent
 * (the `<img>`'s currentSrc, so no second download); it fades in once it plays.
 */
function HeroVideo({mp4, webm}: {mp4: string | null; webm: string | null}) {
  const [play, setPlay] = useState(false)
  const [playing, setPlaying] = useState(false)
  const [poster, setPoster] = useState<string | undefined>()
  const ref = useRef<HTMLVideoElement>(null)

  useEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)')
    const update = () => setPlay(shouldPlayHeroVideo(window as Window & {navigator: {connection?: {saveData?: boolean}}}))
    // After the page's load event, so the video never competes with the photo (the LCP).
    const start = () => window.setTimeout(update, 0)
    if (document.readyState === 'complete') start()
    else window.addEventListener('load', start, {once: true})
    reduce.addEventListener('change', update)
    return () => {
      window.removeEventListener('load', start)
      reduce.removeEventListener('change', update)
    }
  }, [])

  useEffect(() => {
    if (!play) return
    const img = ref.current?.parentElement?.querySelector('img')
    if (img?.currentSrc) setPoster(img.currentSrc)
  }, [play])

  if (!play) return null
  return (
    <video
      ref={ref}
      aria-hidden="true"
      data-hero-video
      autoPlay
      muted
      loop
      playsInline
      preload="auto"
      poster={poster}
      onPlaying={() => setPlaying(true)}
      className={`absolute inset-0 -z-20 h-full w-full object-cover transition-opacity duration-700 ${playing ? 'opacity-100' : 'opacity-0'}`}
    >
      {webm ? <source src={webm} type="video/webm" /> : null}
      {mp4 ? <source src={mp4} type="video/mp4" /> : null}
    </video>
  )
}

/** The designed fallback without a photo: navy gradient, brass glow and the CSS swell. */
function SwellBackground() {
  return (
    <>
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-b from-navy-950 via-navy-900 to-navy-800" />
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(ellipse_at_70%_20%,rgba(224,169,58,0.25),transparent_55%)]" />
      <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-40 overflow-hidden">
        <svg className="animate-swell-slow absolute bottom-6 h-24 w-[200%] text-ocean-600/30" viewBox="0 0 1200 60" preserveAspectRatio="none">
          <path fill="currentColor" d="M0 30 Q75 0 150 30 T300 30 T450 30 T600 30 T750 30 T900 30 T1050 30 T1200 30 V60 H0z" />
        </svg>
        <svg className="animate-swell absolute bottom-0 h-20 w-[200%] text-ocean-500/40" viewBox="0 0 1200 60" preserveAspectRatio="none">
          <path fill="currentColor" d="M0 35 Q100 10 200 35 T400 35 T600 35 T800 35 T1000 35 T1200 35 V60 H0z" />
        </svg>
      </div>
    </>
  )
}
