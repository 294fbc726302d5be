import { eq } from 'drizzle-orm'
import { confirmationCodes } from '../../server/db/schema'
import { post, type TestServer } from '../support/server-harness'

/** The password reset calls a suite makes, each from an address of its own, on one test server. */
export function resetDriver(server: TestServer) {
  return {
    sendCode: (contact: string) => post(server.app, '/auth/send_code', { user_contact_info: contact }),
    createToken: (contact: string, code: string) =>
      post(server.app, '/auth/create_token', { user_contact_info: contact, code }),
    /** Lets the next code be asked for at once, as if the resend wait had passed. */
    skipResendWait: (contact: string) =>
      server.db
        .update(confirmationCodes)
        .set({ resendAvailableAt: new Date(Date.now() - 1000) })
        .where(eq(confirmationCodes.subject, contact)),
  }
}
