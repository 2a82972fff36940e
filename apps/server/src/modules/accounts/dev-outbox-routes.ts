import { platformEndpoints } from '@reelsmith/contracts';
import type { OutboxRepository, StoredMail } from '../../db/repositories/outbox.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';
import type { OperatorGuard } from '../../http/operator.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

// Mail bodies show as their plain-text version: an operator page never loads or frames what a mail contains.
function mailboxPage(mails: StoredMail[], to: string | undefined): string {
  const rows = mails
    .map(
      (mail) => `<article>
  <header><strong>${escapeHtml(mail.subject)}</strong><span>to ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt.toISOString())}</span></header>
  <ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
  <details><summary>Show message</summary><pre>${escapeHtml(mail.text)}</pre></details>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox · Reelsmith</title>
<style>body{font-family:Inter,system-ui,sans-serif;margin:0;background:#f6f5fb;color:#1f2330}main{max-width:760px;margin:0 auto;padding:24px}
h1{font-size:22px}form{display:flex;gap:8px;margin-bottom:16px}label{display:flex;flex-direction:column;gap:4px;flex:1;font-weight:600}input{padding:8px;border:1px solid #c9c6d6;border-radius:8px}
button{align-self:flex-end;padding:9px 16px;border:0;border-radius:8px;background:#6d28d9;color:#fff;font-weight:600}
article{background:#fff;border-radius:12px;padding:16px;margin-bottom:12px;box-shadow:0 1px 2px #0001}header{display:flex;flex-direction:column;gap:4px}
header span{color:#5b5f6b;font-size:14px}a{color:#5b21b6;word-break:break-all}pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 Inter,system-ui,sans-serif;background:#faf9fd;border:1px solid #e5e3ee;border-radius:8px;padding:12px}</style></head>
<body><main><h1>Dev mailbox</h1><p>Mail the app would have sent. It exists only while no SMTP_URL is set.</p>
<form method="get"><label for="to">Recipient<input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}"></label><button type="submit">Filter</button></form>
${rows || '<p>No mail yet.</p>'}</main></body></html>`;
}

/** Only registered while the outbox transport is on: with SMTP these paths do not exist. Reset links are in here. */
export function registerDevOutboxRoutes(router: EndpointRouter, outbox: OutboxRepository, operator: OperatorGuard): void {
  router.route(platformEndpoints.outbox, async ({ input: { to } }) => {
    const mails = await outbox.list({ to: to || undefined });
    return mails.map((mail) => ({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: mail.links,
      created_at: mail.createdAt.toISOString(),
    }));
  });

  router.route(
    platformEndpoints.mailbox,
    async ({ input: { to }, reply }) => {
      const mails = await outbox.list({ to: to || undefined, limit: 50 });
      return reply.type('text/html; charset=utf-8').send(mailboxPage(mails, to));
    },
    { preHandler: [operator.acceptLinkToken] },
  );
}
