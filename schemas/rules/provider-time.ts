/**
 * The provider's time zone, in a module of its own so that the batch dates of the course pages
 * (./batches.ts) do not pull the receipts' formats (./receipt-format.ts) into their JavaScript.
 */

/** The provider's time zone (IANA): receipt years, printed times, "today" of the batch calendar. */
export const PROVIDER_TIME_ZONE = 'Asia/Dubai'

/** How the printed times name their zone. */
export const PROVIDER_TIME_ZONE_LABEL = 'Dubai time, UTC+4'
