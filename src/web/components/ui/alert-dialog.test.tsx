import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AlertDialogHost, confirmDialog, showAlert } from './alert-dialog.tsx';
import { CardTitle } from './card.tsx';

describe('in-page alerts', () => {
  it('shows the message verbatim as an alert dialog and resolves when closed', async () => {
    const user = userEvent.setup();
    render(<AlertDialogHost />);
    let closed = false;
    void showAlert('URLまたはテキストを入力してください').then(() => (closed = true));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'URLまたはテキストを入力してください',
    });
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    await user.click(ok);
    await waitFor(() => expect(closed).toBe(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('confirms only on the confirm button; cancel and Escape answer no', async () => {
    const user = userEvent.setup();
    render(<AlertDialogHost />);
    const first = confirmDialog('この履歴を削除しますか？', { confirmLabel: '削除' });
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '削除' }),
    );
    await expect(first).resolves.toBe(true);

    const second = confirmDialog('この履歴を削除しますか？', { confirmLabel: '削除' });
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'キャンセル' }),
    );
    await expect(second).resolves.toBe(false);

    const third = confirmDialog('この履歴を削除しますか？');
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await expect(third).resolves.toBe(false);
  });

  it('shows several alerts one after another', async () => {
    const user = userEvent.setup();
    render(<AlertDialogHost />);
    void showAlert('一つ目');
    void showAlert('二つ目');
    await user.click(
      within(await screen.findByRole('alertdialog', { name: '一つ目' })).getByRole('button'),
    );
    expect(await screen.findByRole('alertdialog', { name: '二つ目' })).toBeInTheDocument();
  });
});

describe('CardTitle', () => {
  it('is the page heading itself when asked, not a heading around one', () => {
    render(<CardTitle as="h1">FAQ工房にログイン</CardTitle>);
    const heading = screen.getByRole('heading', { level: 1, name: 'FAQ工房にログイン' });
    expect(heading.closest('h3')).toBeNull();
  });
});
