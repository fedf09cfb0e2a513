/**
 * Previews for editors ("Previews"): the Studio's Presentation tool opens
 * `/api/preview-mode/enable?sanity-preview-secret=…&sanity-preview-pathname=/…` in its frame.
 * `enablePreview` asks the Content Lake whether that secret is one the Studio just created
 * (@sanity/preview-url-secret, with the read token) and only then sets a signed, HTTP-only
 * preview cookie and redirects to the page. Requests carrying a valid cookie read the drafts
 * perspective (netlify/platform/content/client.ts), are never cached, and may be framed by the Studio.
 *
 * Previews exist only when SANITY_PROJECT_ID, SANITY_API_READ_TOKEN and SANITY_PREVIEW_SECRET
 * are all set; otherwise the enable route answers 404 and no request is ever in preview. A
 * forged, tampered or expired cookie is ignored (the visitor sees published content).
 */
import {createCookie, redirect, type Cookie} from '@remix-run/node'
import {validatePreviewUrl} from '@sanity/preview-url-secret'
import {z} from 'zod'
import {NO_STORE, noStoreHeaders, PREVIEW_COOKIE} from '#netlify/platform/cache'
import {getSanityClient, type PreviewOptions} from '#netlify/platform/content/client'
import {getEnv} from '#netlify/platform/env'
import {safeRedirectPath} from './redirect'

/** How long one preview session lasts (seconds). The Presentation tool renews it on every load. */
export const PREVIEW_MAX_AGE_SECONDS = 4 * 60 * 60

/** What the signed cookie holds: the Studio's origin (it may frame the page) and when it was issued. */
const PreviewSessionSchema = z.object({
  studioOrigin: z.string().url(),
  issuedAt: z.number().int(),
})

export type PreviewSession = z.infer<typeof PreviewSessionSchema>

/** Whether previews are configured: project, read token and cookie secret all set. */
export function previewConfigured(env = getEnv()): boolean {
  return Boolean(env.SANITY_PROJECT_ID && env.SANITY_API_READ_TOKEN && env.SANITY_PREVIEW_SECRET)
}

let cookie: Cookie | undefined

function previewCookie(): Cookie {
  const secret = getEnv().SANITY_PREVIEW_SECRET
  if (!secret) throw new Error('SANITY_PREVIEW_SECRET is not set')
  // SameSite=None + Secure + Partitioned: the page lives in the Studio's frame (another site),
  // so the cookie is a third-party one there. Browsers treat http://localhost as secure.
  cookie ??= createCookie(PREVIEW_COOKIE, {
    httpOnly: true,
    secure: true,
    sameSite: 'none',
    partitioned: true,
    path: '/',
    maxAge: PREVIEW_MAX_AGE_SECONDS,
    secrets: [secret],
  })
  return cookie
}

/**
 * The preview session of `request`, or null: previews off, no cookie, a cookie whose signature
 * does not verify, a malformed payload, or one older than PREVIEW_MAX_AGE_SECONDS.
 */
export async function getPreviewSession(request: Request, now = Date.now()): Promise<PreviewSession | null> {
  const header = request.headers.get('Cookie')
  if (!header || !header.includes(PREVIEW_COOKIE) || !previewConfigured()) return null
  const parsed = PreviewSessionSchema.safeParse(await previewCookie().parse(header))
  if (!parsed.success) return null
  const age = now - parsed.data.issuedAt
  return age >= 0 && age <= PREVIEW_MAX_AGE_SECONDS * 1000 ? parsed.data : null
}

/**
 * What the security headers need for a request (lib/security.server.ts): the Studio origin that
 * may frame the page and the project's API origin the overlays may reach; null for visitors.
 */
export async function previewFraming(request: Request): Promise<{studioOrigin: string; apiOrigin?: string} | null> {
  const session = await getPreviewSession(request)
  if (!session) return null
  const projectId = getEnv().SANITY_PROJECT_ID
  return {studioOrigin: session.studioOrigin, apiOrigin: projectId ? `https://${projectId}.api.sanity.io` : undefined}
}

/** What fetchContent needs for a request: the drafts options in preview, null for visitors. */
export async function previewOptions(request: Request): Promise<PreviewOptions | null> {
  const session = await getPreviewSession(request)
  return session ? {studioUrl: session.studioOrigin} : null
}

/** A plain-text error answer that is never cached. */
function refuse(status: number, message: string): Response {
  return new Response(message, {status, headers: {'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE}})
}

/**
 * GET /api/preview-mode/enable: validates the Presentation tool's secret against the Content
 * Lake and, if valid, sets the preview cookie and redirects (307) to `sanity-preview-pathname`.
 * Answers 404 when previews are not configured, 401 for a missing, unknown or expired secret,
 * 502 when the Content Lake cannot be asked.
 */
export async function enablePreview(request: Request, now = Date.now()): Promise<Response> {
  if (!previewConfigured()) return refuse(404, 'Previews are not configured on this site.')
  let result: Awaited<ReturnType<typeof validatePreviewUrl>>
  try {
    result = await validatePreviewUrl(getSanityClient(), request.url)
  } catch (error) {
    console.error('Preview secret could not be checked', error)
    return refuse(502, 'The preview could not be checked with Sanity. Please try again.')
  }
  if (!result.isValid) return refuse(401, 'Invalid or expired preview secret. Open the preview from the Studio again.')
  const studioOrigin = result.studioOrigin ?? new URL(request.url).origin
  const session: PreviewSession = {studioOrigin, issuedAt: now}
  return redirect(safeRedirectPath(result.redirectTo), {
    status: 307,
    headers: {'Set-Cookie': await previewCookie().serialize(session), 'Cache-Control': NO_STORE},
  })
}

/** GET /api/preview-mode/disable: removes the preview cookie and goes to `?redirect=` or home. */
export async function disablePreview(request: Request): Promise<Response> {
  const target = safeRedirectPath(new URL(request.url).searchParams.get('redirect'))
  const headers = noStoreHeaders()
  if (previewConfigured()) headers.set('Set-Cookie', await previewCookie().serialize('', {maxAge: 0}))
  return redirect(target, {status: 307, headers})
}
