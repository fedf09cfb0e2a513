/**
 * The training programs with rules of their own (docs/requirements.md#req-routes, #req-states-enrolment, #req-validation): their ids, which are
 * also their course categories' slugs (/courses/{id}) and the `training` of an enrolment link.
 * The one home of these ids; the rules themselves are ./enrolment.ts's (cadetship: one enrol
 * course and documents; competency training: a country). No imports, so any page can use them
 * without loading the enrolment rules.
 */

/** The cadetship programme: enrols in its first installment, counts installments, takes documents. */
export const CADETSHIP_TRAINING = 'cadetship-training'

/** Competency training: priced per rank and country (flag administration). */
export const COMPETENCY_TRAINING = 'competency-training'
