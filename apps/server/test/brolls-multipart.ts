export interface FormFile {
  field: string;
  filename: string;
  content: Buffer;
}

/** A multipart/form-data body with text fields and files, in the order given, as a browser's FormData sends it. */
export function multipartForm(fields: Record<string, string>, files: FormFile[] = []) {
  const boundary = `----reelsmith${Math.random().toString(16).slice(2)}`;
  const parts = [
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    ...files.flatMap((f) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
