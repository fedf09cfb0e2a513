/**
 * GET /api/account and the /account page: everything under the signed-in address, newest first
 * (docs/requirements.md#req-account), with the next actions on top.
 */
import {fetchContent} from '#netlify/platform/content/client'
import {NEXT_STEPS_QUERY} from '#netlify/platform/content/queries'
import type {AccountOverview, PortalAction, PortalEnrolment} from '#schemas/contracts/account'
import {candidateStatusText} from '#schemas/rules/account'
import {enrolmentBatchText} from '#schemas/rules/batches'
import {checklistShortName} from '#schemas/rules/document-checklist'
import {installmentSchedule} from '#schemas/rules/installments'
import {CADETSHIP_TRAINING} from '#schemas/rules/programs'
import {formatAmountMinor} from '#schemas/rules/receipt-format'
import type {EnrolmentRecord} from '../enrolments/enrolments'
import {certificatesOf} from './certificates'
import {dateChangeOf} from './date-change'
import {documentsOf, profileOf} from './documents'
import {examAttemptsOf} from './exam-attempts'
import {installmentsOf, receiptsOf} from './payments'
import {erasureRequested} from './privacy'
import {ownedCertificates, ownedEnrolments} from './records'
import {toBringOf} from './to-bring'
import {waitlistsOf} from './waitlists'
import {getGroupBooking} from '../group-bookings/store'
import {groupBookingPath} from '#schemas/rules/paths'

/** What an enrolment without a batch shows for its dates. */
export const DATES_ON_REQUEST = 'Dates on request'

/** The content the cards need: what to bring per programme and the cadetship's schedule. */
type CardContent = {
  schedule: ReturnType<typeof installmentSchedule>
  cadetshipDocuments: string[]
  competencyDocuments: string[]
}

async function cardContent(): Promise<CardContent> {
  const content = await fetchContent(NEXT_STEPS_QUERY)
  return {
    schedule: installmentSchedule(content.cadetship?.installments),
    cadetshipDocuments: content.cadetship?.documentsToBring ?? [],
    competencyDocuments: content.competency?.documentsToBring ?? [],
  }
}

/** One enrolment card at `now`. */
async function enrolmentCard(record: EnrolmentRecord, content: CardContent, now: Date): Promise<PortalEnrolment> {
  const cadetship = record.trainingProgram === CADETSHIP_TRAINING
  const schedule = cadetship ? content.schedule : null
  const toBring = toBringOf(record.trainingProgram, content)
  return {
    orderId: record.orderId,
    course: record.courseName || record.trainingProgramName,
    programme: record.trainingProgramName,
    dates: record.batch ? enrolmentBatchText(record.batch, {venue: true}) : DATES_ON_REQUEST,
    startDate: record.batch?.startDate ?? null,
    status: candidateStatusText(record.status),
    statusKey: record.status,
    amount: formatAmountMinor(record.amountMinor, record.currency),
    paidAt: record.paidAt ?? null,
    toBring,
    receipts: receiptsOf(record, schedule),
    installments: installmentsOf(record, schedule, now),
    documents: cadetship ? documentsOf(record, content.cadetshipDocuments) : null,
    // A group's seats move with their booking (staff arrange it), never one seat at a time.
    dateChange: record.groupOrder || record.delegateOf ? null : await dateChangeOf(record, now),
    group: await groupOf(record),
  }
}

/** The group booking part of a card: the booker's seats, named count and page; a delegate's company. */
async function groupOf(record: EnrolmentRecord): Promise<PortalEnrolment['group']> {
  if (record.delegateOf) return {company: record.delegateOf.company, seats: null, named: null, href: null}
  if (!record.groupOrder) return null
  const booking = await getGroupBooking(record.groupOrder.bookingId)
  return {
    company: record.groupOrder.company,
    seats: record.groupOrder.seats,
    named: booking?.delegates.length ?? 0,
    href: booking && record.confirmationKey ? groupBookingPath(booking.bookingId, record.confirmationKey) : null,
  }
}

/** The next actions, most pressing first: installments to pay, documents to upload. */
export function nextActions(enrolments: readonly PortalEnrolment[]): PortalAction[] {
  const actions: PortalAction[] = []
  for (const card of enrolments) {
    for (const installment of card.installments ?? []) {
      if (installment.payUrl) actions.push({text: `Installment ${installment.number} is due`, label: 'Pay now', href: installment.payUrl})
    }
  }
  for (const card of enrolments) {
    // `missing` is empty when no document can be added (closed, or 5 attached): see documentsOf.
    const missing = card.documents?.canAdd ? card.documents.missing[0] : undefined
    if (missing) actions.push({text: `Upload your ${checklistShortName(missing)}`, label: 'Add document', href: `#documents-${card.orderId}`})
  }
  for (const card of enrolments) {
    const group = card.group
    if (
      group?.href &&
      group.seats !== null &&
      group.named !== null &&
      group.named < group.seats &&
      card.statusKey !== 'cancelled' &&
      card.statusKey !== 'refunded'
    ) {
      const unnamed = group.seats - group.named
      actions.push({text: `Name ${unnamed === 1 ? 'the last delegate' : `${unnamed} delegates`} for ${card.course}`, label: 'Name delegates', href: group.href})
    }
  }
  return actions
}

/** Everything under `email` (trimmed, lower-case) at `now`. Throws when storage or the content cannot be read. */
export async function accountOverview(email: string, now = new Date()): Promise<AccountOverview> {
  const [records, certificateRecords, content, waitlists, examAttempts, erasure] = await Promise.all([
    ownedEnrolments(email),
    ownedCertificates(email),
    cardContent(),
    waitlistsOf(email),
    examAttemptsOf(email),
    erasureRequested(email),
  ])
  const [enrolments, certificates] = await Promise.all([
    Promise.all(records.map((record) => enrolmentCard(record, content, now))),
    certificatesOf(certificateRecords, now),
  ])
  return {
    email,
    actions: nextActions(enrolments),
    profile: profileOf(records, certificateRecords),
    enrolments,
    certificates,
    waitlists,
    examAttempts,
    erasureRequested: erasure,
  }
}
