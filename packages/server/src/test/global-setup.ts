import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.js';
import { startS3Server } from './s3-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  }
}

/** One PostgreSQL cluster and one S3 server for the whole test run. */
export default async function setup(project: TestProject) {
  const pg = await startPostgresCluster();
  const s3 = await startS3Server();
  project.provide('postgresUrl', pg.url);
  project.provide('s3', { endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
  return async () => {
    pg.stop();
    await s3.stop();
  };
}
