import type { User } from '../../contract/auth/schemas'
import type { users } from '../db/schema'

/** The public view of a user (userSchema): never the password hash. */
export function toApiUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    user_role: row.userRole,
    page_flags: row.pageFlags,
  }
}
