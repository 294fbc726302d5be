import type { CompanyWithAccess } from '../../../contract/companies/schemas'

type Access = CompanyWithAccess['access']

/**
 * Which parts of a staff member's card the user's rights show, and so what the card reads: the screen
 * (staff-card-screen.tsx) shows by these, and its route's loader (routes/company-route-data.ts) reads ahead by
 * them, so that nothing on the card appears after it is on screen.
 */
export function staffCardParts(access: Access) {
  return {
    /** The name, the position and the record group. */
    edits: access.settings_master_edit_access,
    /** The positions to choose from, read within the editing part. */
    positions: access.settings_master_edit_access && access.settings_positions_access,
    /** The services to add to the member's. */
    services: access.settings_master_services_access,
    notifications: access.settings_master_notifications_access,
    /** The invitations sent to sign in as the member, still open, above the form that sends one. */
    invites: access.users_invite_access,
  }
}

/** Whether a new member may be given a position from the staff list: adding staff and reading positions. */
export const addsStaffWithPosition = (access: Access): boolean =>
  access.settings_master_create_access && access.settings_positions_access
