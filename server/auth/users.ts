import { eq } from 'drizzle-orm'
import type { Database } from '../db/database'
import { users } from '../db/schema'

export async function findUserById(db: Database, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id))
  return user
}
