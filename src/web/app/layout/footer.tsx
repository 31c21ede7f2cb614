import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

const footerLinks = [
  { to: paths.terms, label: '利用規約' },
  { to: paths.privacy, label: 'プライバシーポリシー' },
  { to: paths.legal, label: '特定商取引法に基づく表記' },
  { to: paths.adminLogin, label: '管理者ログイン' },
];

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 md:flex-row md:items-center md:justify-between">
        <nav aria-label="フッターメニュー">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-slate-900 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>© {new Date().getFullYear()} FAQ工房. All rights reserved.</p>
      </div>
    </footer>
  );
}
