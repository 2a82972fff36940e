import { accountDataEndpoints, accountDataMessages, accountExportFileName } from '@reelsmith/contracts';
import { call } from '../../lib/client.ts';
import { download, saveFile } from '../../lib/download.ts';

/** Fetches the whole export (the server streams it) and hands it to the browser's downloads under the server's name. */
export async function downloadMyData(): Promise<void> {
  const { blob, filename } = await download(accountDataEndpoints.export, { fallback: accountDataMessages.exportFailed });
  saveFile(blob, filename ?? accountExportFileName(new Date()));
}

export const deleteMyAccount = (password: string) => call(accountDataEndpoints.delete, { password }, { fallback: accountDataMessages.deleteFailed });
