import { allBrands } from '@reelsmith/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { linkClasses } from '../../components/ui/Button.tsx';
import type { BrandsResponse } from '../../lib/brands.ts';

/** Issue 32: whose videos and drafts the dashboard lists, every brand's or one brand's. */
export function BrandFilter({ brands, value, onChange }: { brands: BrandsResponse['brands']; value: string; onChange: (brand: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Show videos of
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus-visible:border-accent"
      >
        <option value={allBrands}>All brands</option>
        {brands.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </select>
      <Link to="/brands" className={`${linkClasses} text-sm`}>
        Manage brands
      </Link>
    </div>
  );
}
