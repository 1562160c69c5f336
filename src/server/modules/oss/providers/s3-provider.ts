import type { S3Client } from '@aws-sdk/client-s3';
import { StoreError, type OssProvider, type StoredObject } from './oss-provider.js';

/** What an S3-compatible store needs from an OSS configuration row. */
export interface S3Settings {
  endpoint: string;
  bucketName: string;
  accessKey: string;
  secretKey: string;
  region?: string;
}

/** A host without a scheme (as aliyun lists its endpoints) is reached over https. */
export function endpointUrl(endpoint: string): string {
  const trimmed = endpoint.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

const encodeKey = (name: string) => name.split('/').map(encodeURIComponent).join('/');

type Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<Sdk> | undefined;
/** The SDK (≈ 0.1 s of every start to load) comes with the first call to an S3 store. */
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

/**
 * MinIO, aliyun OSS, tencent COS and qiniu Kodo through their S3-compatible APIs
 * (path-style addressing, so any endpoint works without per-bucket DNS). A missing
 * bucket is created on the first upload, as BladeX's MinIO template does.
 */
export class S3Provider implements OssProvider {
  private client?: S3Client;
  private readonly base: string;

  constructor(private readonly settings: S3Settings) {
    this.base = endpointUrl(settings.endpoint);
  }

  private clientOf(s3: Sdk): S3Client {
    const settings = this.settings;
    return this.client ??= new s3.S3Client({
      endpoint: this.base,
      region: settings.region || 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
      // Stores other than AWS (s3rver, older MinIO, qiniu) refuse the newer default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 5000, requestTimeout: 30000 },
    });
  }

  async put({ name, bytes, contentType }: { name: string; bytes: Buffer; contentType: string }): Promise<StoredObject> {
    const s3 = await loadSdk();
    const command = () => new s3.PutObjectCommand({ Bucket: this.settings.bucketName, Key: name, Body: bytes, ContentType: contentType });
    await this.call(s3, async () => {
      const client = this.clientOf(s3);
      try {
        await client.send(command());
      } catch (error) {
        if ((error as { name?: string }).name !== 'NoSuchBucket') throw error;
        await client.send(new s3.CreateBucketCommand({ Bucket: this.settings.bucketName }));
        await client.send(command());
      }
    });
    return { link: this.link(name), domain: `${this.base}/${this.settings.bucketName}`, name };
  }

  async remove(name: string): Promise<void> {
    const s3 = await loadSdk();
    await this.call(s3, () => this.clientOf(s3).send(new s3.DeleteObjectCommand({ Bucket: this.settings.bucketName, Key: name })));
  }

  link(name: string): string {
    return `${this.base}/${this.settings.bucketName}/${encodeKey(name)}`;
  }

  /** Turns the SDK's failures into a StoreError carrying the store's own reason (never the keys). */
  private async call<T>(s3: Sdk, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const reason = error instanceof s3.S3ServiceException ? `${error.name}: ${error.message}` : (error as Error).message;
      throw new StoreError(reason, { cause: error });
    }
  }
}
