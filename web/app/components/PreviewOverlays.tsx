/**
 * What an editor sees in preview (root.tsx renders it only when the root loader says the request
 * carries a valid preview session): a fixed banner saying the page shows drafts, with a way out,
 * and Sanity's visual-editing overlays (click a text to edit it in the Studio; the page
 * revalidates when a draft changes). The overlay code is a separate chunk loaded only here, so
 * visitors never download it.
 */
import {lazy, Suspense} from 'react'

const VisualEditing = lazy(() => import('@sanity/visual-editing/remix').then((module) => ({default: module.VisualEditing})))

export function PreviewOverlays({pathname}: {pathname: string}) {
  const exit = `/api/preview-mode/disable?redirect=${encodeURIComponent(pathname)}`
  return (
    <>
      <div
        role="status"
        className="fixed right-3 bottom-3 z-[70] flex items-center gap-3 rounded-full bg-amber-300 px-4 py-2 text-sm font-semibold text-navy-900 shadow-lg"
      >
        <span>Preview: showing drafts</span>
        <a
          href={exit}
          className="underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-900"
        >
          Exit preview
        </a>
      </div>
      <Suspense fallback={null}>
        <VisualEditing />
      </Suspense>
    </>
  )
}
