import { sql } from 'drizzle-orm'
import type { Database } from './database'

/** Whether the database answers a trivial query within `timeoutMs`. */
export async function databaseAnswers(db: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  const answered = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([answered, timedOut])
  } finally {
    clearTimeout(timer)
  }
}
