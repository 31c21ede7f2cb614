import { useId } from 'react';
import { SHARE_POPUP, SIGNUP_BONUS_CREDITS } from '../../../../shared/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { CopyButton } from './copy-button.tsx';

export const SHARE_TEXT = `AIでFAQをかんたん作成できる「FAQ工房」。このリンクから登録してメールアドレスを確認すると${SIGNUP_BONUS_CREDITS}クレジットで始められます！`;

function shareTargets(link: string) {
  const text = encodeURIComponent(SHARE_TEXT);
  const url = encodeURIComponent(link);
  return [
    { name: 'X（旧Twitter）', href: `https://twitter.com/intent/tweet?text=${text}&url=${url}` },
    { name: 'LINE', href: `https://social-plugins.line.me/lineit/share?url=${url}&text=${text}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${text}` },
  ];
}

function openPopup(href: string) {
  const { width, height } = SHARE_POPUP;
  const left = Math.max(0, (window.screen.width - width) / 2);
  const top = Math.max(0, (window.screen.height - height) / 2);
  window.open(
    href,
    'share',
    `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`,
  );
}

export function ShareDialog({
  link,
  open,
  onOpenChange,
}: {
  link: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>紹介リンクをシェア</DialogTitle>
          <DialogDescription>
            お知り合いが登録すると10クレジット、初回購入でさらに10クレジットを進呈します。
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1">
          <Label htmlFor={`${id}-link`}>紹介リンク</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-link`}
              value={link}
              readOnly
              onFocus={(event) => event.target.select()}
            />
            <CopyButton text={link} />
          </div>
        </div>
        <div className="mt-4 grid gap-2 sm:grid-cols-3">
          {shareTargets(link).map((target) => (
            <Button key={target.name} variant="secondary" onClick={() => openPopup(target.href)}>
              {target.name}でシェア
            </Button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
