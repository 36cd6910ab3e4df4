import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import type { BackupFolder, GoodBackup } from './backup-folder.ts';
import { MANIFEST_FILE } from './backup-manifest.ts';

export type OffSiteConfig = NonNullable<Config['backups']['s3']>;

export function s3ClientOf(s3: OffSiteConfig) {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    // S3-compatible services (MinIO, Backblaze B2, Wasabi, R2) address buckets by path.
    forcePathStyle: Boolean(s3.endpoint),
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    // Checksum trailers (aws-chunked uploads) are not understood by every S3-compatible service;
    // the manifest carries our own SHA-256 of every file.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/**
 * Copies one finished backup off the machine: photos the bucket lacks (content-addressed there
 * too), then the database, then the manifest LAST, so a copy cut short is never complete-looking.
 */
export async function copyOffSite(
  s3: OffSiteConfig,
  store: BackupFolder,
  backup: GoodBackup,
  client = s3ClientOf(s3),
): Promise<{ photosUploaded: number; bytesUploaded: number }> {
  const photoPrefix = `${s3.prefix}photos/`;
  const present = new Set<string>();
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: photoPrefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) if (o.Key) present.add(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);

  let photosUploaded = 0;
  let bytesUploaded = 0;
  const put = async (key: string, file: string) => {
    const bytes = fs.statSync(file).size;
    // Small files go as bytes (retried on a failure); the database streams, its length told up front.
    const body = bytes <= 16 * 1024 * 1024 ? fs.readFileSync(file) : fs.createReadStream(file);
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentLength: bytes }),
    );
    bytesUploaded += bytes;
  };
  const uploaded = new Set<string>();
  for (const photo of backup.manifest.photos) {
    const key = `${photoPrefix}${photo.sha256.slice(0, 2)}/${photo.sha256}`;
    if (present.has(key) || uploaded.has(key)) continue;
    await put(key, store.photoBlob(photo.sha256));
    uploaded.add(key);
    photosUploaded++;
  }
  const snapshotPrefix = `${s3.prefix}snapshots/${backup.name}/`;
  await put(
    `${snapshotPrefix}${backup.manifest.database.file}`,
    path.join(backup.dir, backup.manifest.database.file),
  );
  await put(`${snapshotPrefix}${MANIFEST_FILE}`, path.join(backup.dir, MANIFEST_FILE));
  return { photosUploaded, bytesUploaded };
}
