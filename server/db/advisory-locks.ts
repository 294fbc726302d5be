/**
 * The keys of the PostgreSQL advisory locks the server takes, in one list so that no two uses share a key by
 * accident. Each serialises work that instances starting together on one database would otherwise race for.
 */
export const ADVISORY_LOCK_KEYS = {
  /** Held on one connection while migrations run (server/db/create-db.ts). */
  migrations: 7_205_011_001,
  /** Held by the transaction that seeds the demo data into an empty development database (server/seed/demo.ts). */
  demoSeed: 7_205_011_002,
  /** Held by the transaction that loads the reference places (server/references/places-load.ts). */
  placesLoad: 7_205_011_003,
} as const
