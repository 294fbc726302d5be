/**
 * The licences a package that ships to production may carry: permissive ones, which ask for a notice and nothing
 * of the code that uses them. It is a list of what passes, not of what fails, so that a licence nobody has read
 * yet (a copyleft one such as GPL, AGPL, LGPL, MPL, EPL, CDDL, EUPL, OSL or SSPL, a custom text, or none) fails
 * until someone decides. An SPDX expression passes when one of its `OR` choices is made only of these.
 */
export const PERMISSIVE_LICENCES = [
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  // Attribution only; caniuse-lite's browser data carries it.
  'CC-BY-4.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  // The PSF licence: a notice, nothing more; argparse (a JavaScript port of Python's) carries it.
  'Python-2.0',
  'Unlicense',
  'Zlib',
] as const
