import { Readable } from 'node:stream';
import { accountExportPaths } from '@reelsmith/contracts';
import { ZipFile } from 'yazl';
import type { AccountSnapshot } from '../../db/repositories/account-data.ts';
import type { InvoiceRecord } from '../../db/repositories/billing.ts';
import type { ObjectStorage, StoredObject } from '../../providers/storage/types.ts';

export interface AccountExportDeps {
  storage: ObjectStorage;
  /** The invoice or credit note as the PDF the Subscriptions page downloads (billing's renderer). */
  renderInvoice(invoice: InvoiceRecord, credited: InvoiceRecord | undefined): Promise<Buffer>;
}

/** A user's files sit under this folder of the storage; nothing outside it is theirs. */
export const userFolder = (userId: string) => `users/${userId}/`;

/** Where a stored file is inside the ZIP: `users/<id>/renders/x.mp4` → `files/renders/x.mp4`. */
const zipPathOf = (userId: string, key: string) => accountExportPaths.files + key.slice(userFolder(userId).length);
const invoicePathOf = (invoice: InvoiceRecord) => `${accountExportPaths.invoices}${invoice.number}.pdf`;

const readme = (exportedAt: Date) => `Your Reelsmith data, exported ${exportedAt.toISOString()}

${accountExportPaths.data}  every record kept about you: your account and its sign-ins, business profile,
                     plan and usage, purchases, invoices and credit notes, projects (each video's whole
                     document), ideas, uploads, jobs, video generations and the pages you opened.
${accountExportPaths.invoices}           your invoices and credit notes as PDFs.
${accountExportPaths.files}              every file you uploaded or Reelsmith made for you. A document that names a
                     file "users/<your id>/X" finds it here at "files/X".

Not included: your password (only a one-way hash of it is stored) and the secret tokens of your sessions.
`;

/** The JSON document of the export: the snapshot, with each file's and invoice's place in the ZIP. */
function exportDocument(snapshot: AccountSnapshot, files: StoredObject[], exportedAt: Date) {
  const userId = snapshot.user.id;
  return {
    format: 'reelsmith-account-export',
    version: 1,
    exportedAt,
    profile: { ...snapshot.user, record: snapshot.profile, logins: snapshot.logins },
    brands: snapshot.brands,
    businessProfiles: snapshot.businessProfiles,
    subscription: snapshot.subscription,
    purchases: snapshot.purchases,
    invoices: snapshot.invoices.map((invoice) => ({ ...invoice, file: invoicePathOf(invoice) })),
    projects: snapshot.projects,
    ideas: snapshot.ideas,
    uploads: snapshot.uploads.map((upload) => ({ ...upload, file: zipPathOf(userId, upload.storageKey) })),
    jobs: snapshot.jobs,
    videoGenerations: snapshot.videoGenerations,
    sessions: snapshot.sessions,
    pageViews: snapshot.pageViews,
    files: files.map((file) => ({ key: file.key, file: zipPathOf(userId, file.key), size: file.size, contentType: file.contentType })),
  };
}

/**
 * The whole export as one ZIP, streamed: the JSON and the README first, then each invoice's PDF and each file, each
 * read only when the ZIP reaches it, so neither the archive nor all files at once are ever held in memory. Media is
 * stored as it is (it is compressed already); text and PDFs are deflated.
 */
export async function accountExport(deps: AccountExportDeps, snapshot: AccountSnapshot, exportedAt: Date): Promise<{ stream: Readable; files: number }> {
  const userId = snapshot.user.id;
  const files = await deps.storage.list(userFolder(userId));
  const zip = new ZipFile();
  const mtime = exportedAt;
  zip.addBuffer(Buffer.from(JSON.stringify(exportDocument(snapshot, files, exportedAt), null, 2)), accountExportPaths.data, { mtime });
  zip.addBuffer(Buffer.from(readme(exportedAt)), accountExportPaths.readme, { mtime });

  const byId = new Map(snapshot.invoices.map((invoice) => [invoice.id, invoice]));
  for (const invoice of snapshot.invoices) {
    zip.addReadStreamLazy(invoicePathOf(invoice), { mtime }, (done) => {
      const credited = invoice.creditsInvoiceId ? byId.get(invoice.creditsInvoiceId) : undefined;
      deps.renderInvoice(invoice, credited).then(
        (pdf) => done(null, Readable.from([pdf])),
        (error: unknown) => done(error, undefined as never),
      );
    });
  }
  for (const file of files) {
    zip.addReadStreamLazy(zipPathOf(userId, file.key), { mtime, compress: false }, (done) => {
      deps.storage.read(file.key).then(
        (stream) => done(null, stream),
        (error: unknown) => done(error, undefined as never),
      );
    });
  }
  zip.end();
  // yazl's output is a PassThrough; wrapped so an error of one entry (a file gone mid-way) ends the download.
  const stream = zip.outputStream as Readable;
  zip.on('error', (error: Error) => stream.destroy(error));
  return { stream, files: files.length };
}
