import type { OpenApiDocument } from './openapi.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Operation {
  summary: string;
  tags: string[];
  operationId: string;
  security: readonly unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

function schemaBlock(label: string, content: Record<string, { schema: unknown }> | undefined): string {
  if (!content) return '';
  const [, { schema }] = Object.entries(content)[0]!;
  const types = Object.keys(content).map(escapeHtml).join(', ');
  return `<h4>${escapeHtml(label)} <small>${types}</small></h4><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

function operationHtml(method: string, path: string, operation: Operation): string {
  const access = operation.security.length === 0 ? 'anyone' : Object.keys(operation.security[0] as object)[0];
  return `<details id="${escapeHtml(operation.operationId)}">
<summary><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <span class="who">${escapeHtml(access ?? '')}</span><br><span class="summary">${escapeHtml(operation.summary)}</span></summary>
${schemaBlock('Request body', operation.requestBody?.content)}${schemaBlock('Response 200', operation.responses['200']?.content)}
</details>`;
}

/** A self-contained page (no script, no CDN): the OpenAPI document grouped by feature, each call folded open on demand. */
export function apiDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods as Record<string, Operation>)) {
      const tag = operation.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation)]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, items]) => `<section aria-labelledby="tag-${escapeHtml(tag)}"><h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${items.join('\n')}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reelsmith API</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1f2937}
h1{margin-bottom:.25rem}h2{text-transform:capitalize;border-bottom:1px solid #d1d5db;margin-top:2rem}
details{border:1px solid #e5e7eb;border-radius:.5rem;margin:.5rem 0;padding:.5rem .75rem}
summary{cursor:pointer}summary:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
.method{display:inline-block;min-width:3.5rem;font-weight:700;font-size:.8rem;padding:.1rem .4rem;border-radius:.25rem;background:#e0e7ff;color:#3730a3;text-align:center}
.method.get{background:#dcfce7;color:#166534}.who{font-size:.8rem;color:#4b5563}.summary{color:#374151}
pre{background:#f3f4f6;padding:.75rem;border-radius:.375rem;overflow:auto;font-size:.8rem}
</style></head>
<body><main>
<h1>Reelsmith API</h1>
<p>${escapeHtml(document.info.description)} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Refusals answer <code>{error, field?}</code>.</p>
${sections}
</main></body></html>`;
}
