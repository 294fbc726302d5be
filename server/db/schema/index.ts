/**
 * The whole database schema. Each area keeps its tables in its own file here; this index is what
 * Drizzle (queries and drizzle-kit) reads.
 */
export * from './codes'
export * from './core'
export * from './delivery'
export * from './invites'
export * from './account-security'
export * from './business-data'
export * from './staff-services'
export * from './onboarding'
export * from './working-hours'
export * from './places'
export * from './clients'
export * from './translations'
export * from './appointments'
export * from './flow-reviews'
export * from './online-bookings'
