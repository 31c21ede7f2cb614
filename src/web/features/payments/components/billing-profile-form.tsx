import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { billingProfileRequestSchema } from '../../../../shared/payments.ts';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { formErrors } from '../../../lib/form-validation.ts';
import { errorMessage } from '../../../lib/show-error.ts';
import { useBillingProfile, useSaveBillingProfile } from '../api/purchases.ts';

/** 宛名 for receipts; usable before or after a purchase. */
export function BillingProfileForm() {
  const profile = useBillingProfile();
  const saved = profile.data?.name ?? '';
  // Keyed by the saved name, so the field starts from what the server holds once loaded.
  return (
    <NameForm key={`${profile.isPending}:${saved}`} saved={saved} loading={profile.isPending} />
  );
}

function NameForm({ saved, loading }: { saved: string; loading: boolean }) {
  const id = useId();
  const save = useSaveBillingProfile();
  const [name, setName] = useState(saved);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = formErrors(billingProfileRequestSchema, { name }).name;
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(name.trim());
      toast.success('領収書の宛名を保存しました');
    } catch (failure) {
      setError(errorMessage(failure, '保存に失敗しました'));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2" noValidate>
      <Label htmlFor={`${id}-name`}>領収書の宛名（氏名または会社名）</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          placeholder="例: 株式会社サンプル"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          disabled={loading}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={save.isPending || loading} className="shrink-0">
          保存
        </Button>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <p id={`${id}-help`} className="text-sm text-slate-600">
        購入の前でも後でも設定できます。領収書には最初に宛名入りで発行したときの宛名が記載されます。
      </p>
    </form>
  );
}
