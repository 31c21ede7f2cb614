import { DropdownMenu } from 'radix-ui';
import { ChevronDown, Coins, LogOut, Settings } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../lib/format.ts';
import type { CurrentUser } from '../../lib/auth/session.tsx';

/** docs/spec.md §2: display name, falling back to the e-mail, then to a generic label. */
export function displayNameOf(user: Pick<CurrentUser, 'displayName' | 'email'> | null): string {
  return user?.displayName?.trim() || user?.email || 'ユーザー';
}

export function AccountMenu({
  user,
  onLogout,
}: {
  user: CurrentUser;
  onLogout: () => Promise<void>;
}) {
  const navigate = useNavigate();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Link
        to={paths.credits}
        className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800 hover:bg-amber-100"
      >
        <Coins aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">クレジット残高</span>
        <span data-testid="header-credits">{formatNumber(user.credits)}</span>
        <span className="hidden sm:inline">クレジット</span>
      </Link>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="inline-flex min-w-0 max-w-[6rem] items-center gap-1 rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100 sm:max-w-[12rem]">
          <span className="min-w-0 truncate" data-testid="header-user-name">
            {displayNameOf(user)}
          </span>
          <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Item
              className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
              onSelect={() => void navigate(paths.account)}
            >
              <Settings aria-hidden="true" className="h-4 w-4" />
              アカウント設定
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item
              className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
              onSelect={() => {
                void onLogout().then(() => {
                  toast.success('ログアウトしました');
                  void navigate(paths.home);
                });
              }}
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              ログアウト
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
