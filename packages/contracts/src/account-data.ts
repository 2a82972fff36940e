import { z } from 'zod';
import { passwordPolicy } from './accounts.ts';

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
