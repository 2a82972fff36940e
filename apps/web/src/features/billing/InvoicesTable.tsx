import type { InvoiceItem } from '@reelsmith/contracts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const amount = (invoice: InvoiceItem) =>
  `${invoice.invoice_amount < 0 ? '−' : ''}${invoice.currency === 'USD' ? '$' : `${invoice.currency} `}${Math.abs(invoice.invoice_amount).toFixed(2)}`;

export function InvoicesTable({ invoices }: { invoices: InvoiceItem[] }) {
  if (invoices.length === 0) return <p className="rounded-xl bg-white p-6 text-gray-600">No invoices yet. They appear here after each payment.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Invoices</caption>
        <thead className="bg-gray-50 text-gray-600">
          <tr>
            <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">Number</th>
            <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">Date</th>
            <th scope="col" className="px-2 py-3 sm:px-4 text-right font-semibold">Amount</th>
            <th scope="col" className="px-2 py-3 sm:px-4 font-semibold"><span className="sr-only">Download</span></th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.invoice_number} className="border-t border-gray-100">
              <td className="px-2 py-3 sm:px-4 font-medium text-ink">
                {invoice.invoice_number}
                {invoice.kind === 'credit_note' && <span className="block text-xs font-normal text-gray-600">Credit note ({invoice.credit_for === 'upgrade' ? 'unused plan, taken off the upgrade' : 'refund'})</span>}
              </td>
              <td className="whitespace-nowrap px-2 py-3 sm:px-4">{day(invoice.invoice_date)}</td>
              <td className="px-2 py-3 sm:px-4 text-right tabular-nums">{amount(invoice)}</td>
              <td className="px-2 py-3 sm:px-4">
                <a className="font-semibold text-accent hover:underline" href={invoice.invoice_url} download={`${invoice.invoice_number}.pdf`} aria-label={`Download ${invoice.kind === 'credit_note' ? 'credit note' : 'invoice'} ${invoice.invoice_number}`}>
                  Download
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
