/**
 * The signature of an exam draw (docs/decisions/013-server-signed-exam-draw.md): base64url
 * HMAC-SHA256 over the canonical JSON of every field but the signature (signedContent), checked in
 * constant time (timingSafeEqual) against each key a draw may be verified with. Pure but for
 * node:crypto; the keys are ./keys.ts's, the rules of issuing and accepting ./draws.ts's.
 */
import {createHmac, timingSafeEqual} from 'node:crypto'
import type {SignedDraw} from '#schemas/contracts/exam-attempts'

/** A signed draw without its signature: what the signature covers. */
export type DrawContent = Omit<SignedDraw, 'signature'>

/**
 * The canonical JSON of what is signed: a fixed-order array holding only strings and arrays of
 * strings (the option orders as [questionId, options] pairs sorted by question id), so the same
 * draw always gives the same bytes whatever the order of an object's keys. The leading tag keeps
 * a signature of this kind from ever matching any other signed text of the site.
 */
export function signedContent(draw: DrawContent): string {
  const order = Object.keys(draw.optionOrder)
    .sort()
    .map((id) => [id, draw.optionOrder[id]!])
  return JSON.stringify(['exam-draw/v1', draw.attemptId, draw.examId, draw.mode, draw.variants, order, draw.issuedAt])
}

const hmac = (key: Buffer, content: DrawContent): Buffer => createHmac('sha256', key).update(signedContent(content), 'utf8').digest()

/** `content` with its signature by `key` (base64url HMAC-SHA256 of signedContent). */
export function signDraw(content: DrawContent, key: Buffer): SignedDraw {
  return {...content, signature: hmac(key, content).toString('base64url')}
}

/** Whether `draw`'s signature is one of `keys`' (compared in constant time). */
export function hasValidSignature(draw: SignedDraw, keys: readonly Buffer[]): boolean {
  const given = Buffer.from(draw.signature, 'base64url')
  if (given.length !== 32) return false
  const {signature: _signature, ...content} = draw
  // Every key is tried, so the time taken does not tell which one matched.
  return keys.map((key) => timingSafeEqual(hmac(key, content), given)).includes(true)
}
