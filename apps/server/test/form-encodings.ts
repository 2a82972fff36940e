import { multipartForm } from './brolls-multipart.ts';
import type { TestClient } from './app.ts';

/**
 * SPEC §7 "form" calls arrive as a browser's FormData (multipart/form-data) or as a plain form
 * (application/x-www-form-urlencoded): a test posts the same fields both ways and expects the same answer.
 */
export async function postBothEncodings(client: TestClient, url: string, fields: Record<string, string>) {
  const multipart = multipartForm(fields);
  const asMultipart = await client.request('POST', url, multipart.payload, multipart.headers);
  const asUrlencoded = await client.request('POST', url, new URLSearchParams(fields).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });
  return { multipart: asMultipart, urlencoded: asUrlencoded };
}
