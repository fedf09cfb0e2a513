/** The part of s3rver (an S3 protocol server for tests, no types of its own) the tests use. */
declare module 's3rver' {
  type BucketConfig = {name: string; configs?: unknown[]}
  export default class S3rver {
    constructor(options: {port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: BucketConfig[]})
    run(): Promise<{address: string; port: number}>
    close(): Promise<void>
  }
}
