import { useId, useRef, useState } from 'react';
import { Camera, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import { AVATAR_MAX_BYTES } from '../../../../shared/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import type { CurrentUser } from '../../../lib/auth/session.tsx';
import { useUpdateProfile, useUploadAvatar } from '../api/update-profile.ts';
import { showError } from '../../../lib/show-error.ts';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

export function ProfileCard({ user }: { user: CurrentUser }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.displayName ?? '');
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);

  async function save() {
    try {
      await update.mutateAsync({ displayName: name.trim() || null });
      toast.success('プロフィールを更新しました');
      setEditing(false);
    } catch (error) {
      showError(error, '更新に失敗しました');
    }
  }

  async function chooseAvatar(file: File | undefined) {
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      toast.error('画像はPNG・JPEG・WebP形式でアップロードしてください');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error('画像サイズは5MB以下にしてください');
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success('プロフィール画像を更新しました');
    } catch (error) {
      showError(error, '更新に失敗しました');
    }
  }

  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
      <div className="flex flex-col items-center gap-2">
        {user.avatarUrl ? (
          <img
            src={user.avatarUrl}
            alt="プロフィール画像"
            className="h-24 w-24 rounded-full object-cover"
          />
        ) : (
          <div
            aria-label="プロフィール画像（未設定）"
            role="img"
            className="flex h-24 w-24 items-center justify-center rounded-full bg-slate-200 text-slate-500"
          >
            <UserRound aria-hidden="true" className="h-12 w-12" />
          </div>
        )}
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED.join(',')}
          className="sr-only"
          aria-label="プロフィール画像を選択"
          onChange={(event) => void chooseAvatar(event.target.files?.[0])}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={upload.isPending}
          onClick={() => fileInput.current?.click()}
        >
          <Camera aria-hidden="true" className="h-4 w-4" />
          画像を変更
        </Button>
      </div>
      <div className="flex-1 space-y-4">
        <div className="space-y-1">
          <Label htmlFor={`${id}-name`}>表示名</Label>
          {editing ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={`${id}-name`}
                value={name}
                maxLength={50}
                onChange={(event) => setName(event.target.value)}
              />
              <div className="flex gap-2">
                <Button onClick={() => void save()} disabled={update.isPending}>
                  保存
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    setName(user.displayName ?? '');
                    setEditing(false);
                  }}
                >
                  キャンセル
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex items-center gap-3">
              <p
                id={`${id}-name`}
                className="text-lg font-medium"
                data-testid="account-display-name"
              >
                {user.displayName || '（未設定）'}
              </p>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                編集
              </Button>
            </div>
          )}
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-email`}>メールアドレス</Label>
          <Input id={`${id}-email`} value={user.email} readOnly className="bg-slate-50" />
        </div>
      </div>
    </div>
  );
}
