import { isCompanyRole, type CompanyRole } from '../../../contract/access/role-presets'

/** Where the user stands in one company (SPEC.md section 6, "User fields: user_role and position_id"). */
export interface UserPlace {
  /** A role of src/api/access/role-presets.ts; null when the server sends one the app does not know. */
  role: CompanyRole | null
  positionId: number | null
  isOwner: boolean
}

/** Reads user_role and position_id from a company as GET /companies and GET /company/{id}/ answer it. */
export function userPlaceIn(company: { user_role: string | null; position_id: number | null }): UserPlace {
  const role = isCompanyRole(company.user_role) ? company.user_role : null
  return { role, positionId: company.position_id, isOwner: role === 'owner' }
}
