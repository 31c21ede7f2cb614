import { pingDatabase, type Database } from '../../db/client.ts';

/** Throws unless the database answers a query. */
export async function checkDatabase(db: Database): Promise<void> {
  await pingDatabase(db);
}
