import { accountDataEndpoints, accountDataMessages, accountExportFileName, formMessages } from '@reelsmith/contracts';
import { attempt, call } from '../../lib/client.ts';
import { download, saveFile } from '../../lib/download.ts';

/** Fetches the whole export (the server streams it) and hands it to the browser's downloads under the server's name. */
export async function downloadMyData(): Promise<void> {
  const { blob, filename } = await attempt(download(accountDataEndpoints.export), { fallback: accountDataMessages.exportFailed, unreachable: formMessages.network });
  saveFile(blob, filename ?? accountExportFileName(new Date()));
}

/** A wrong password comes back as a failure on the `password` field. */
export const deleteMyAccount = (password: string) =>
  attempt(call(accountDataEndpoints.delete, { password }), { fallback: accountDataMessages.deleteFailed, unreachable: formMessages.network });
