/**
 * GET /book/group/{bookingId}/{key}/proforma.pdf — the pro-forma invoice of a group booking paid
 * by invoice (docs/requirements.md#req-group-bookings): `application/pdf`,
 * `Content-Disposition: attachment`, no-store, noindex. 404 for a wrong key, an unknown booking or
 * one paid by card (pages/group-booking.server.ts proformaDownload).
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {proformaDownload} from '~/pages/group-booking.server'

export const loader = ({params}: LoaderFunctionArgs) => proformaDownload(params)
