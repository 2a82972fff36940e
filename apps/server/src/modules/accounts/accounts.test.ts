import { describe, expect, it } from 'vitest';
import type { AccountRecord, UsersRepository } from '../../db/repositories/users.ts';
import { createAccountsService } from './accounts.ts';
import type { Auth } from '../../platform/auth.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

function accountsWith(account: AccountRecord) {
  const completed: string[] = [];
  const users = {
    findById: async (id: string) => (id === account.id ? account : undefined),
    ensureProfile: async (profile: { userId: string }) => void completed.push(profile.userId),
  } as unknown as UsersRepository;
  return { accounts: createAccountsService({ users, auth: {} as Auth }), completed };
}

const fresh: AccountRecord = { id: 'u1', email: 'new@example.com', name: 'New', emailVerified: false, disabled: false, createdAt: minutesAgo(1) };

describe('create-user (issue 12 item 5)', () => {
  it('completes the record of a just-created, unconfirmed account whose id and email match', async () => {
    const { accounts, completed } = accountsWith(fresh);
    await accounts.ensureUserRecord({ id: 'u1', email: 'New@Example.com', name: 'Anything' });
    expect(completed).toEqual(['u1']);
  });

  it.each([
    ['another email', fresh, { id: 'u1', email: 'someone@example.com' }],
    ['an unknown id', fresh, { id: 'u2', email: 'new@example.com' }],
    ['a confirmed account', { ...fresh, emailVerified: true }, { id: 'u1', email: 'new@example.com' }],
    ['an account older than a few minutes', { ...fresh, createdAt: minutesAgo(30) }, { id: 'u1', email: 'new@example.com' }],
  ])('quietly leaves %s alone', async (_label, account, claim) => {
    const { accounts, completed } = accountsWith(account);
    await expect(accounts.ensureUserRecord({ ...claim, name: 'X' })).resolves.toBeUndefined();
    expect(completed).toEqual([]);
  });
});
