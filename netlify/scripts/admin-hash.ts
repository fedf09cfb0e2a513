/**
 * Prints an ADMIN_PASSWORD_HASH (`scrypt$N$r$p$salt$hash`) for a password given as the first
 * argument or on stdin (preferred: it stays out of the shell history):
 *   printf '%s' 'the password' | npm run --silent admin:hash
 *   npm run --silent admin:hash -- 'the password'
 */
import {hashPassword} from '../platform/password'

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (then Enter and Ctrl-D): ')
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
}

const password = process.argv[2] ?? (await readStdin())
if (!password) {
  console.error('No password given: pass it as an argument or on stdin.')
  process.exit(1)
}
console.log(await hashPassword(password))
