import { useState, type FormEvent, type ReactNode } from 'react';
import { WRONG_CURRENT_PASSWORD } from '../../../../shared/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { messageOf, type Checked, type FieldErrors } from './form-fields.tsx';

/** A dialog opened from its own button; the form inside gets a way to close it. */
export function AccountDialog({
  trigger,
  children,
}: {
  trigger: ReactNode;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      {/* Mounted only while open: a closed dialog keeps nothing typed, not even a password. */}
      <DialogContent>{open && children(() => setOpen(false))}</DialogContent>
    </Dialog>
  );
}

/**
 * The field messages and the message above the buttons of one account form. `send` runs the
 * request once the fields pass: a wrong current password lands on its field, any other failure
 * above the buttons. It tells whether the request went through.
 */
export function useAccountFormErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function send<T>(
    checked: Checked<T>,
    request: (data: T) => Promise<unknown>,
  ): Promise<boolean> {
    setFormError(null);
    if (checked.errors) {
      setErrors(checked.errors);
      return false;
    }
    setErrors({});
    try {
      await request(checked.data);
      return true;
    } catch (error) {
      const message = messageOf(error);
      if (message === WRONG_CURRENT_PASSWORD) setErrors({ currentPassword: message });
      else setFormError(message);
      return false;
    }
  }

  return { errors, formError, send };
}

/** The frame every account form shares: title, fields, the form-level error, cancel and submit. */
export function AccountDialogForm({
  title,
  description,
  formError,
  onSubmit,
  onCancel,
  submit,
  children,
}: {
  title: string;
  description: string;
  formError: string | null;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  submit: {
    label: string;
    pendingLabel: string;
    pending: boolean;
    disabled?: boolean;
    destructive?: boolean;
  };
  children: ReactNode;
}) {
  function handle(event: FormEvent) {
    event.preventDefault();
    void onSubmit();
  }

  return (
    <form noValidate onSubmit={handle}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        {children}
        {formError && (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          キャンセル
        </Button>
        <Button
          type="submit"
          variant={submit.destructive ? 'destructive' : 'default'}
          disabled={submit.pending || submit.disabled}
        >
          {submit.pending ? submit.pendingLabel : submit.label}
        </Button>
      </DialogFooter>
    </form>
  );
}
