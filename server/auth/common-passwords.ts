import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

/** The message on `password` when it is one of the most common passwords. */
export const COMMON_PASSWORD_MESSAGE = /*i18n*/ 'This password is too common. Choose another one.'

/**
 * No common password is longer than this (the longest on zxcvbn-ts's list has 20 characters, on the list used
 * before 25), and zxcvbn's matching grows with the length: a longer password is never looked at.
 */
export const COMMON_PASSWORD_MAX_LENGTH = 32

let checker: Promise<ZxcvbnFactory> | undefined

/**
 * zxcvbn-ts's list of common passwords (about 49 000, ranked by frequency) with its own readers of keyboard runs,
 * repeats, sequences and dates: the list leaves out what those readers find ("88888888", "987654321", "19841984"),
 * so the list alone would let those through. Only that dictionary is given, so a single English word or name is
 * not refused. Loaded after start (see {@link loadCommonPasswords}), not with the module: reading the list and
 * ranking it takes about 150 ms.
 */
function commonPasswordChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }]) =>
      new ZxcvbnFactory({
        dictionary: { 'passwords-common': dictionary['passwords-common'] },
        graphs: adjacencyGraphs,
      }),
  )
  return checker
}

/**
 * Loads the list now, so that the first person to choose a password does not wait for it; the server calls it
 * once it listens. A failure is left to the first check, which reports it.
 */
export function loadCommonPasswords(): void {
  commonPasswordChecker().catch(() => undefined)
}

/**
 * True when zxcvbn reads the whole password as one thing an attacker tries first: a password on the common
 * list (in any case, reversed or with l33t substitutions such as "p@ssw0rd"), one keyboard run, one repeated
 * chunk, one sequence or one date. A password longer than {@link COMMON_PASSWORD_MAX_LENGTH} is never common.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (password.length > COMMON_PASSWORD_MAX_LENGTH) return false
  // Lower case first, as before: zxcvbn alone splits "PassWord123" into a word and a sequence.
  const { sequence } = (await commonPasswordChecker()).check(password.toLowerCase())
  return sequence.length === 1 && sequence[0]?.pattern !== 'bruteforce'
}
