import { useId, useState } from 'react';
import { Link } from 'react-router';
import { shownText } from '../../lib/client.ts';
import { useActivateBrand, useBrands } from '../../lib/brands.ts';

/**
 * The header's brand switcher: the active brand, changed in place (new videos belong to it), and the way to /brands.
 * Shown even with one brand, so people find brands; on a phone it takes its own compact row.
 */
export function BrandSwitcher({ className = '' }: { className?: string }) {
  const id = useId();
  const brands = useBrands();
  const activate = useActivateBrand();
  const [error, setError] = useState<string | null>(null);
  const data = brands.data;

  return (
    <div className={`flex min-w-0 flex-wrap items-center gap-2 text-sm ${className}`}>
      {data && (
        <>
          <label htmlFor={id} className="font-semibold text-muted">
            Brand
          </label>
          <select
            id={id}
            value={data.active_id}
            disabled={activate.isPending}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setError(null);
              activate.mutate(event.target.value, { onError: (failure) => setError(shownText(failure, 'The brand could not be switched.')) });
            }}
            className="max-w-[12rem] min-w-0 flex-1 truncate rounded-lg border border-gray-300 bg-white py-1.5 pr-7 pl-2 text-sm font-medium shadow-sm focus-visible:border-accent sm:max-w-[14rem] sm:flex-none"
          >
            {data.brands.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name}
              </option>
            ))}
          </select>
        </>
      )}
      <Link to="/brands" className="rounded font-semibold text-accent sm:mr-2 sm:text-base underline-offset-2 hover:text-accent-strong hover:underline">
        Brands
      </Link>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
