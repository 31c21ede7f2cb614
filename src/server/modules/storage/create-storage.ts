import type { Config } from '../../config.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { StorageBackend } from './storage-backend.ts';

/** The route that serves local files behind signed URLs (storage.routes.ts). */
export function localFilesUrl(config: Config): string {
  return `${config.publicUrl}/api/storage/${encodeURIComponent(config.PROJECT_ID)}/files`;
}

/** S3 when the endpoint, bucket and both keys are configured; otherwise DATA_DIR/storage. */
export function createStorage(config: Config): StorageBackend {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = config;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return new S3Storage({
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      region: S3_REGION,
    });
  }
  return new LocalStorage(config.dataDir, {
    secret: config.jwtSecret,
    filesUrl: localFilesUrl(config),
  });
}
