import type { WalkLevel } from '../../src/flow-graph/walk-record'

/**
 * The levels at which a machine has no suite, on purpose, with the reason the report prints. Every other
 * machine and level must leave walk records, so a suite that was not run (or a new machine without one)
 * fails `npm run coverage:paths` instead of vanishing from the report.
 */
export const levelsWithoutSuites: Record<string, Partial<Record<WalkLevel, string>>> = {
  references: {
    screen:
      'No screen uses the references machine yet: the business screens that will load references are not built.',
    browser: 'No screen uses the references machine yet, so no browser journey can walk it.',
  },
  session: {
    browser:
      'No generated browser journey walks the session machine; the hand-written Chromium journeys sign in and out through it.',
  },
  onboarding: {
    browser:
      'No generated browser journey walks the onboarding machine; the hand-written Chromium journeys (test/e2e/onboarding-journeys.test.ts) go through it without recording.',
  },
  confirmationChannel: {
    browser:
      'No generated browser journey walks the confirmation channel; it runs inside onboarding, which has none either.',
  },
  embedded: {
    browser:
      'No generated browser journey walks the embedded machine; test/e2e/embedded-admin-app.test.ts frames the app without recording.',
  },
  chainServiceEditor: {
    screen:
      'The chain service editor is the service editor machine given the chain routes (machines/chain-service-editor.ts); that graph is walked at screen level as serviceEditor, and the chain editor has no screen suite of its own yet.',
    browser:
      'No generated browser journey walks the chain service editor; test/e2e/workspace-chain-catalogue.test.ts drives it through a save in Chromium without recording, and the same graph is walked in the browser as serviceEditor.',
  },
  avatarUpload: {
    screen:
      'No generated screen suite walks the staff photo machine yet: jsdom cannot decode a picture, so the crop cannot be confirmed there; test/unit/staff-photo-and-sign-in.test.tsx drives the refusals, the crop opening and cancelling, and the removal without recording.',
    browser:
      'No generated browser journey walks the staff photo machine yet; test/e2e/workspace-company-profile.test.ts chooses, crops, uploads and removes a photo in Chromium without recording.',
  },
  rightsEditor: {
    browser:
      'No generated browser journey walks the rights editor yet; test/e2e/workspace-rights.test.ts drives edit, preview, back to editing and save in Chromium against the real server without recording.',
  },
  appointmentStatus: {
    screen:
      'The app runs no actor of the status machine: the appointment dialog asks the machine which moves to offer (nextStatuses), and the server applies it (server/business/appointments; test/server/appointments.test.ts refuses every move it forbids with 409).',
    browser:
      'The app runs no actor of the status machine, so no walk can be recorded; test/e2e/workspace-book.test.ts moves a visit through booked, confirmed, no-show, arrived and paid, and cancels another, in Chromium against the real server.',
  },
  onlineBooking: {
    screen:
      'No generated screen suite walks the online booking machine yet; test/unit/online-booking-screen.test.tsx drives its main path, a time taken meanwhile and a wrong code with MSW without recording.',
    browser:
      'No generated browser journey walks the online booking machine yet; test/e2e/online-booking.test.ts books on /ru/b2c/1 at 390 px against the real server without recording.',
  },
}
