/** The part of s3rver's API the tests use (the package ships no types). */
declare module 's3rver' {
  interface S3rverOptions {
    port?: number
    address?: string
    silent?: boolean
    directory: string
    configureBuckets?: { name: string; configs: string[] }[]
  }
  /** The request's Koa context, as s3rver's own controllers see it. */
  export interface S3rverContext {
    method: string
    path: string
    query: Record<string, string | string[] | undefined>
    status: number
    body: unknown
    /** Where s3rver keeps a bucket's resources (its folder for unfinished multipart uploads among them). */
    /** The request body as the controllers read it (replaceable), with the request's headers. */
    req: AsyncIterable<Buffer> & { headers: Record<string, string | string[] | undefined> }
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string }
  }
  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>
  export default class S3rver {
    constructor(options: S3rverOptions)
    /** Koa's middleware list; the last one is s3rver's router. */
    middleware: S3rverMiddleware[]
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}

/** s3rver's error, answered as S3's XML error body with the status of its code. */
declare module 's3rver/lib/models/error.js' {
  export default class S3Error extends Error {
    constructor(code: string, message?: string, detail?: Record<string, string>)
  }
}
