import { z } from 'zod';
import { passwordPolicy } from './accounts.ts';

/**
 * The account page's messages (part of the catalogue, kept beside the page's contracts rather than in messages.ts:
 * messages.ts is in the first load of /login, and these are only needed on /account).
 */
export const accountDataMessages = {
  exportLimited: (max: number) => `You can download your data ${max} times an hour. Please try again later.`,
  exportFailed: "Your data couldn't be prepared for download. Please try again.",
  preparingExport: 'Preparing your download…',
  exportReady: 'Your download has started.',
  passwordRequired: 'Enter your password to delete your account.',
  wrongPassword: 'That password is not correct. Nothing was deleted.',
  confirmWord: 'DELETE',
  confirmationRequired: 'Type DELETE in capitals to confirm.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  subscriptionNotCancelled:
    "We couldn't cancel your subscription with the payment provider, so nothing was deleted. Please try again in a few minutes.",
  filesNotDeleted: "We couldn't delete your files just now, so nothing was deleted. Please try again in a few minutes.",
  deleteFailed: "Your account couldn't be deleted. Please try again.",
  deleting: 'Deleting your account',
  deleted: 'Your account and everything in it have been deleted. Invoices are kept as tax law requires.',
} as const;

/** How often one user may download everything (each download reads every file they have). */
export const accountExportLimit = { max: 3, windowSeconds: 60 * 60 } as const;
/** Password guesses through the delete call, per user: a stolen session must not make it a password oracle. */
export const accountDeleteLimit = { max: 5, windowSeconds: 15 * 60 } as const;

/** The download's name: `reelsmith-data-2026-11-21.zip`. */
export const accountExportFileName = (date: Date) => `reelsmith-data-${date.toISOString().slice(0, 10)}.zip`;

/** Inside the ZIP: the JSON of every record, the invoices as PDFs, and every file, `users/<id>/X` at `files/X`. */
export const accountExportPaths = { data: 'reelsmith-data.json', readme: 'README.txt', files: 'files/', invoices: 'invoices/' } as const;

export const deleteAccountRequest = z.object({ password: z.string().min(1).max(passwordPolicy.max) });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

export const deleteAccountResponse = z.object({ status: z.literal('deleted'), message: z.string() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponse>;
