const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** SPEC §9 display: day, short month, year, en-GB (21 Nov 2026). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
