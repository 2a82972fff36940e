import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { operatorHeaders, TestClient } from './app.ts';

/** Signs up through the real endpoint and follows the confirmation link from the outbox, as a person would. */
export async function signUpAndConfirm(app: FastifyInstance, email: string, password = 'correct-horse-1', name = 'Test User') {
  const client = new TestClient(app);
  const signup = await client.post('/api/auth/sign-up/email', { name, email, password, callbackURL: '/login?verified=1' });
  expect(signup.statusCode).toBe(200);
  const link = await latestLinkFor(app, email);
  const confirm = await client.get(link.replace(/^https?:\/\/[^/]+/, ''));
  expect(confirm.statusCode).toBe(302);
  return { client, userId: signup.json().user.id as string, email, password };
}

export async function latestLinkFor(app: FastifyInstance, email: string): Promise<string> {
  const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}`, headers: operatorHeaders });
  const link = outbox.json()[0]?.links[0] as string | undefined;
  if (!link) throw new Error(`no mail for ${email}`);
  return link;
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  const client = new TestClient(app);
  const response = await client.post('/api/auth/sign-in/email', { email, password });
  return { client, response };
}
