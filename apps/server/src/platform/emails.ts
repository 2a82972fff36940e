import type { OutgoingMail } from '../providers/email/types.ts';

const productName = 'Reelsmith';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(heading: string, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="margin:0;background:#f4f4f7;font-family:Inter,Arial,sans-serif;color:#1f2330">
<div style="max-width:520px;margin:32px auto;background:#fff;border-radius:12px;padding:32px">
<div style="font-size:22px;font-weight:800;color:#6d28d9;margin-bottom:24px">${productName}</div>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#6d28d9;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280;line-height:1.5">If the button does not work, paste this link into your browser:<br>${escapeHtml(action.url)}</p>
</div></body></html>`;
}

function textVersion(heading: string, paragraphs: string[], action: { label: string; url: string }): string {
  return [`${productName}`, '', heading, '', ...paragraphs.flatMap((p) => [p, '']), `${action.label}: ${action.url}`, ''].join('\n');
}

function mail(to: string, subject: string, heading: string, paragraphs: string[], action: { label: string; url: string }): OutgoingMail {
  return {
    to,
    subject,
    text: textVersion(heading, paragraphs, action),
    html: layout(heading, paragraphs, action),
    links: [action.url],
  };
}

// No mail carries text the account's owner chose (a name): anyone can sign up with any address, and whatever the
// name said would reach that address under the product's name.

export function verificationMail(to: string, url: string): OutgoingMail {
  return mail(
    to,
    `Confirm your ${productName} email`,
    `Welcome to ${productName}!`,
    ['Confirm your email address to start making scroll-stopping vertical videos for your business.', 'The link is valid for 24 hours.'],
    { label: 'Confirm my email', url },
  );
}

export function passwordResetMail(to: string, url: string): OutgoingMail {
  return mail(
    to,
    `Reset your ${productName} password`,
    "Let's get you back in",
    ['Someone asked to reset the password of this account. If that was you, choose a new password with the link below; it is valid for 1 hour.', 'If it was not you, ignore this mail: your password stays as it is.'],
    { label: 'Choose a new password', url },
  );
}
