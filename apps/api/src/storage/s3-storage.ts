import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { isSafeKey, type TStorage } from "./storage.js";

export interface TS3Options {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const check = (key: string): string => {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key ${key}`);
  return key;
};

/** An S3-compatible bucket (AWS S3, MinIO, Ceph...), for several API processes sharing files. */
export const s3Storage = (options: TS3Options): TStorage => {
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  return {
    kind: "s3",
    async put(key, body, meta) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: check(key),
          Body: body,
          ContentType: meta.contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: check(key) }));
      if (!answer.Body) throw new Error(`Empty object ${key}`);
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: check(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: check(key) }));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return false;
        throw error;
      }
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? [])
          if (item.Key) yield { key: item.Key, modifiedAt: item.LastModified ?? new Date(0) };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
};
