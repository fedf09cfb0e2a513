/** GET /api/preview-mode/disable: leaves preview (clears the cookie) and goes to `?redirect=` or home. */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {disablePreview} from '~/lib/preview.server'

export const loader = ({request}: LoaderFunctionArgs) => disablePreview(request)
