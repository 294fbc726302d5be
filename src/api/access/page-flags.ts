/** Page flags of SPEC.md section 6. The translator flag turns on collecting missing translation keys. */
export const pageFlags = ['superuser', 'support_tech_user', 'top_user', 'translator'] as const
export type PageFlag = (typeof pageFlags)[number]

export const hasPageFlag = (user: { page_flags: readonly string[] } | null | undefined, flag: PageFlag) =>
  user?.page_flags.includes(flag) === true
