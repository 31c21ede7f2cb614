import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

export function BrandLink() {
  return (
    <Link
      to={paths.home}
      className="flex shrink-0 items-center gap-2 text-lg font-bold text-slate-900"
    >
      <span
        aria-hidden="true"
        className="flex h-8 w-8 items-center justify-center rounded-lg bg-blue-600 text-white"
      >
        Q
      </span>
      FAQ工房
    </Link>
  );
}
