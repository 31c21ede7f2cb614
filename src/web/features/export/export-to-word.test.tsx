import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./word-layout.ts', () => ({
  buildWordBlob: vi.fn(() => Promise.reject(new Error('packer exploded'))),
}));

const { exportToWord } = await import('./export-to-word.ts');
const { AlertDialogHost } = await import('../../components/ui/alert-dialog.tsx');
const { ExportMenu } = await import('./components/export-menu.tsx');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('exportToWord', () => {
  it('logs a failure as the spec says and rethrows it for the caller', async () => {
    // Replaces the test setup's console.error trap: this error is the expected outcome.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(exportToWord({ items: [{ question: 'q', answer: 'a' }] })).rejects.toThrow(
      'packer exploded',
    );
    expect(logged).toHaveBeenCalledWith('Error generating Word document:', expect.any(Error));
  });

  it('alerts and resolves false when nothing is approved', async () => {
    render(<AlertDialogHost />);
    await expect(exportToWord({ title: 'x', items: [] })).resolves.toBe(false);
    expect(
      await screen.findByRole('alertdialog', { name: 'エクスポートするFAQを選択してください' }),
    ).toBeInTheDocument();
  });

  it('shows the failure as a toast in the export menu', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(
      <>
        <ExportMenu title="FAQ" items={[{ question: 'q', answer: 'a' }]} />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Wordで出力（1件）' }));
    expect(
      await screen.findByText('Wordファイルの出力に失敗しました。もう一度お試しください。'),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Error generating Word document:', expect.any(Error));
    expect(screen.getByRole('button', { name: 'Wordで出力（1件）' })).toBeEnabled();
  });
});
