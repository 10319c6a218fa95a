import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates an empty database in the test cluster and returns its URL. */
export async function createTestDatabase(adminUrl: string): Promise<string> {
  const name = `orbis_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
