/**
 * Query parameters whose value opens something on its own: the mail links' tokens and the operator link (`token`),
 * signed file URLs (`sig`), and the usual names of credentials in other services' URLs (S3 presigned links, OAuth).
 */
const secretParams = ['token', 'sig', 'signature', 'x-amz-signature', 'x-amz-credential', 'x-amz-security-token', 'access_token', 'code', 'api_key', 'apikey', 'key', 'secret', 'password'];
/** Path segments followed by a secret: better-auth's reset link is /api/auth/reset-password/<token>. */
const secretPathSegments = ['reset-password'];

export const redacted = '[redacted]';

// A value ends where a URL, a JSON string or a sentence would end it. The encoded separators (%3F, %26, %3D, %2F)
// catch a link carried inside another one's query, such as a callbackURL.
const valueEnd = `[^&#\\s"'<>\\\\]*`;
const paramPattern = new RegExp(`((?:[?&#;]|%3F|%26)(?:${secretParams.join('|')})(?:=|%3D))${valueEnd}`, 'gi');
const pathPattern = new RegExp(`((?:/|%2F)(?:${secretPathSegments.join('|')})(?:/|%2F))[^/?#&\\s"'<>\\\\]+`, 'gi');

/**
 * Cuts every secret out of a URL, or out of any text that mentions URLs (a log line, an error's message or stack),
 * leaving the rest readable. Every log line passes through it (request-log.ts), so a secret never reaches a log.
 */
export function redactSecrets(text: string): string {
  return text.replace(paramPattern, `$1${redacted}`).replace(pathPattern, `$1${redacted}`);
}
