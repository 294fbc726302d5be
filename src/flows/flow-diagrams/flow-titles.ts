import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * What a product owner calls each flow: the list of flows and a diagram's heading name it so, with the
 * machine's id beside it for engineers. A new machine without a title shows its id (and the unit test of the
 * list fails until it has one).
 */
export const flowTitles: Readonly<Record<string, MessageDescriptor>> = {
  appointmentStatus: msg`Appointment status`,
  avatarUpload: msg`Staff avatar`,
  chainServiceEditor: msg`Chain service editing`,
  compositeStatus: msg`Composite service status`,
  confirmationChannel: msg`Phone or e-mail confirmation`,
  embedded: msg`Inside the admin application`,
  employeeLifecycle: msg`Employee dismissal and deletion`,
  invite: msg`Accepting an invitation`,
  onboarding: msg`Sign-up`,
  onlineBooking: msg`Online booking`,
  references: msg`Reference data loading`,
  resetPassword: msg`Password reset`,
  rightsEditor: msg`Member rights`,
  serviceBulkActions: msg`Actions on many services`,
  serviceEditor: msg`Service editing`,
  session: msg`Session`,
  setupChecklist: msg`Setup checklist`,
  signIn: msg`Sign-in`,
  switchUser: msg`Signing in as another user`,
  twoFactor: msg`Second sign-in factor`,
}

/** A flow's title in the reader's language; its id when it has none. */
export function flowTitleOf(i18n: I18n, machineId: string): string {
  const title = flowTitles[machineId]
  return title ? i18n._(title) : machineId
}
