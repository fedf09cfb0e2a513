/**
 * GET /api/preview-mode/enable: the Presentation tool's entry into preview (lib/preview.server.ts).
 * 307 to the page with the preview cookie for a valid secret; 401 otherwise; 404 when previews
 * are not configured.
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {enablePreview} from '~/lib/preview.server'

export const loader = ({request}: LoaderFunctionArgs) => enablePreview(request)
