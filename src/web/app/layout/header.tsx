import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X } from 'lucide-react';
import type { CurrentUser } from '../../../shared/auth.ts';
import { paths } from '../../config/paths.ts';
import { BrandLink } from './brand-link.tsx';

export type HeaderUser = Pick<CurrentUser, 'email' | 'displayName' | 'credits'>;

export interface HeaderProps {
  user: HeaderUser | null;
  /** Rendered at the right for signed-in users: balance and the account menu. */
  accountSlot?: React.ReactNode;
}

const memberLinks = [
  { to: paths.generate, label: 'FAQ生成' },
  { to: paths.history, label: '履歴' },
  { to: paths.credits, label: 'クレジット' },
  { to: paths.referrals, label: '友達紹介' },
  { to: paths.pricing, label: '料金プラン' },
];

const visitorLinks = [
  { to: paths.pricing, label: '料金プラン' },
  { to: paths.terms, label: '利用規約' },
  { to: paths.privacy, label: 'プライバシーポリシー' },
];

export function Header({ user, accountSlot }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const links = user ? memberLinks : visitorLinks;
  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <BrandLink />
        <nav aria-label="メインメニュー" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              // Whole class lists, no merging: the header is on every page, tailwind-merge is not.
              className={({ isActive }) =>
                isActive
                  ? 'rounded-md px-3 py-2 text-sm font-semibold text-blue-700 hover:bg-slate-100'
                  : 'rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100'
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        {/* min-w-0 lets a long display name shrink (and truncate) instead of widening the page. */}
        <div className="flex min-w-0 items-center gap-2">
          {user ? (
            accountSlot
          ) : (
            <Link
              to={paths.auth}
              className="hidden rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 sm:inline-flex"
            >
              ログイン / 新規登録
            </Link>
          )}
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'メニューを閉じる' : 'メニューを開く'}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X className="h-5 w-5" aria-hidden="true" />
            ) : (
              <Menu className="h-5 w-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
      {open && (
        <nav
          id="mobile-menu"
          aria-label="モバイルメニュー"
          className="border-t border-slate-200 bg-white md:hidden"
        >
          <ul className="mx-auto flex max-w-6xl flex-col px-4 py-2">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  onClick={close}
                  className="block rounded-md px-3 py-3 text-slate-700 hover:bg-slate-100"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            {!user && (
              <li>
                <Link
                  to={paths.auth}
                  onClick={close}
                  className="block rounded-md px-3 py-3 font-medium text-blue-700 hover:bg-slate-100"
                >
                  ログイン / 新規登録
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </header>
  );
}
