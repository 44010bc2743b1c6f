// storage-api's error bodies ({ statusCode, error, message }) and the tokens of signed URLs.
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose'

export class StorageError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusCode: string,
    readonly error: string,
    message: string,
  ) {
    super(message)
    this.name = 'StorageError'
  }

  get body() {
    return { statusCode: this.statusCode, error: this.error, message: this.message }
  }
}

export const storageErrors = {
  notFound: () => new StorageError(400, '404', 'not_found', 'Object not found'),
  bucketNotFound: () => new StorageError(400, '404', 'Bucket not found', 'Bucket not found'),
  tooLarge: () =>
    new StorageError(
      413,
      '413',
      'Payload too large',
      'The object exceeded the maximum allowed size',
    ),
  invalidMime: (mime: string) =>
    new StorageError(400, '415', 'invalid_mime_type', `mime type ${mime} is not supported`),
  contentMismatch: (mime: string) =>
    new StorageError(
      400,
      '415',
      'invalid_mime_type',
      `The file's content does not match its type ${mime}`,
    ),
  duplicate: () => new StorageError(400, '409', 'Duplicate', 'The resource already exists'),
  denied: (message: string) => new StorageError(400, '403', 'Unauthorized', message),
  invalidKey: (name: string) => new StorageError(400, '400', 'InvalidKey', `Invalid key: ${name}`),
  invalidJwt: (message: string) => new StorageError(400, '400', 'InvalidJWT', message),
  invalidSignature: () =>
    new StorageError(400, '400', 'InvalidSignature', 'The signature does not match this object'),
  badRequest: (message: string) => new StorageError(400, '400', 'InvalidRequest', message),
}

const key = (secret: string) => new TextEncoder().encode(secret)

export async function signToken(
  secret: string,
  claims: Record<string, unknown>,
  expiresIn: number,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(key(secret))
}

export async function verifyToken(
  secret: string,
  token: string | undefined,
): Promise<Record<string, unknown>> {
  if (!token) throw storageErrors.badRequest("querystring must have required property 'token'")
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] })
    return payload as Record<string, unknown>
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw storageErrors.invalidJwt('jwt expired')
    throw storageErrors.invalidJwt('invalid signature')
  }
}
