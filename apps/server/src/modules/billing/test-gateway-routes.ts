import { gatewayEndpoints, plans, type PlanId } from '@reelsmith/contracts';
import type { FastifyReply } from 'fastify';
import type { TestGateway } from '../../providers/payments/test-gateway.ts';
import type { EndpointRouter } from '../../http/endpoint-router.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function page(reply: FastifyReply, title: string, body: string) {
  return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Reelsmith test checkout</title>
<style>body{margin:0;font-family:Inter,system-ui,sans-serif;background:#f6f5fb;color:#1f2330}main{max-width:440px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 3px #0002}
h1{font-size:20px;margin:0 0 4px}.note{color:#5b5f6b;font-size:14px}.amount{font-size:32px;font-weight:800;margin:16px 0}form{display:inline}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:12px 18px;margin:8px 8px 0 0;cursor:pointer}.pay{background:#6d28d9;color:#fff}.decline{background:#eeeaf7;color:#1f2330}
button:focus-visible{outline:3px solid #a78bfa;outline-offset:2px}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:700}</style></head>
<body><main><span class="badge">TEST MODE</span>${body}<p class="note">This is Reelsmith's built-in test gateway: no real money moves.</p></main></body></html>`);
}

/**
 * The hosted checkout of the built-in test gateway, and its clock; registered only when it is the provider. Moving
 * the clock or failing a renewal touches every account, so those take the operator token.
 */
export function registerTestGatewayRoutes(router: EndpointRouter, gateway: TestGateway): void {
  const { route } = router;
  route(gatewayEndpoints.subscriptionCheckout, async ({ input, params, reply }) => {
    const { id } = params;
    const sub = await gateway.subscriptionFor(id);
    if (!sub) return reply.status(404).send({ error: 'Not found.' });
    const plan = plans[sub.planId as PlanId];
    const done = sub.status !== 'created';
    const declined = input.declined === '1';
    return page(
      reply,
      `${plan.title} subscription`,
      `<h1>Reelsmith ${escapeHtml(plan.title)} plan</h1><p class="note">Monthly subscription for ${escapeHtml(sub.customerEmail)}</p>
<div class="amount">${money(sub.amountCents)} <span class="note">/ month</span></div>
${done && sub.paidCount === 0 ? `<p role="status">This checkout is ${escapeHtml(sub.status)} and can no longer be paid.</p>`
  : done ? `<p role="status"><strong>Payment successful.</strong> Your subscription is ${escapeHtml(sub.status)}. You can close this tab and return to Reelsmith.</p>`
  : `${declined ? '<p role="alert">Payment declined. You can try again.</p>' : ''}
<form method="post" action="/pay/subscriptions/${id}/pay"><button class="pay" type="submit">Pay ${money(sub.amountCents)}</button></form>
<form method="post" action="/pay/subscriptions/${id}/decline"><button class="decline" type="submit">Decline</button></form>`}`,
    );
  });

  route(gatewayEndpoints.paySubscription, async ({ params, reply }) => {
    const { id } = params;
    await gateway.paySubscription(id);
    return reply.redirect(`/pay/subscriptions/${id}`, 303);
  });

  route(gatewayEndpoints.declineSubscription, async ({ params, reply }) => {
    const { id } = params;
    return reply.redirect(`/pay/subscriptions/${id}?declined=1`, 303);
  });

  route(gatewayEndpoints.failNextRenewal, async ({ params }) => {
    await gateway.failNextRenewal(params.id);
    return { status: 'ok' as const };
  });

  route(gatewayEndpoints.linkCheckout, async ({ input, params, reply }) => {
    const { id } = params;
    const link = await gateway.paymentLinkFor(id);
    if (!link) return reply.status(404).send({ error: 'Not found.' });
    const declined = input.declined === '1';
    return page(
      reply,
      link.description,
      `<h1>${escapeHtml(link.description)}</h1><p class="note">One-time payment for ${escapeHtml(link.customerEmail)}</p>
<div class="amount">${money(link.amountCents)}</div>
${link.status !== 'created' ? `<p role="status">This payment link is ${escapeHtml(link.status)}.</p>`
  : `${declined ? '<p role="alert">Payment declined. You can try again.</p>' : ''}
<form method="post" action="/pay/links/${id}/pay"><button class="pay" type="submit">Pay ${money(link.amountCents)}</button></form>
<form method="post" action="/pay/links/${id}/decline"><button class="decline" type="submit">Decline</button></form>`}`,
    );
  });

  route(gatewayEndpoints.payLink, async ({ params, reply }) => reply.redirect(await gateway.payLink(params.id), 303));

  route(gatewayEndpoints.declineLink, async ({ params, reply }) => {
    const { id } = params;
    return reply.redirect(`/pay/links/${id}?declined=1`, 303);
  });

  route(gatewayEndpoints.clock, () => ({ now: gateway.now().toISOString() }));

  route(gatewayEndpoints.advanceClock, async ({ input }) => ({ now: (await gateway.advanceClock(input.days)).toISOString() }));
}
