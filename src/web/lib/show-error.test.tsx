import { render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, UNEXPECTED_RESPONSE } from './api-client.ts';
import { errorMessage, NETWORK_FAILED, showError } from './show-error.ts';

const refused = errorFromResponse(402, {
  error: { code: 'INSUFFICIENT_CREDITS', message: 'クレジットが不足しています' },
});

describe('errorMessage', () => {
  it('gives the server’s reason for a refused request', () => {
    expect(errorMessage(refused, '保存に失敗しました')).toBe('クレジットが不足しています');
    expect(
      errorMessage(
        errorFromResponse(400, {
          error: { message: 'テキストは100,000文字以内で入力してください' },
        }),
        '保存に失敗しました',
      ),
    ).toBe('テキストは100,000文字以内で入力してください');
  });

  it('says the connection failed when the request never arrived', () => {
    const offline = new ApiError('NETWORK_ERROR', 'Network request failed: offline', 0);
    expect(errorMessage(offline, '保存に失敗しました')).toBe(NETWORK_FAILED);
  });

  it('keeps the screen’s words when the server said nothing the user can act on', () => {
    const fallback = '保存に失敗しました';
    expect(
      errorMessage(errorFromResponse(500, { error: { message: '内部エラー' } }), fallback),
    ).toBe(fallback);
    expect(errorMessage(errorFromResponse(502, undefined), fallback)).toBe(fallback);
    expect(
      errorMessage(new ApiError('STORAGE_ERROR', 'File download failed: HTTP 404', 404), fallback),
    ).toBe(fallback);
    expect(errorMessage(new TypeError('x is undefined'), fallback)).toBe(fallback);
    expect(errorMessage('oops', fallback)).toBe(fallback);
  });

  it('reads the storage API’s English texts (docs/spec.md §8) to the owner in Japanese', () => {
    const fallback = '保存に失敗しました';
    const invalid = errorFromResponse(400, {
      error: { code: 'VALIDATION_ERROR', message: 'Invalid request parameters' },
    });
    expect(errorMessage(invalid, fallback)).toMatch(
      /^ファイルの保存先または名前が正しくありません/,
    );
    const conflict = errorFromResponse(409, {
      error: { message: 'File already exists. Set upsert: true to overwrite.' },
    });
    expect(errorMessage(conflict, fallback)).toBe('同じ名前のファイルがすでに保存されています');
    const tooLarge = errorFromResponse(413, {
      error: { message: 'File size (60.0MB) exceeds maximum allowed size (50MB)' },
    });
    expect(errorMessage(tooLarge, fallback)).toBe(
      'ファイルサイズ（60.0MB）が上限の50MBを超えています',
    );
    const upload = new ApiError('NETWORK_ERROR', 'File upload failed: Failed to fetch', 0);
    expect(errorMessage(upload, fallback)).toMatch(/^ファイルのアップロードに失敗しました/);
  });

  it('shows the contract mismatch message of the API client', () => {
    const mismatch = new ApiError('API_ERROR', UNEXPECTED_RESPONSE, 200);
    expect(errorMessage(mismatch, '読み込みに失敗しました')).toBe(UNEXPECTED_RESPONSE);
  });
});

describe('showError', () => {
  it('toasts the server’s reason, or the fallback', async () => {
    render(<Toaster />);
    showError(refused, '回答を保存できませんでした');
    expect(await screen.findByText('クレジットが不足しています')).toBeInTheDocument();
    showError(new Error('boom'), '回答を保存できませんでした');
    expect(await screen.findByText('回答を保存できませんでした')).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('with a title keeps the screen’s words and adds the server’s reason', async () => {
    render(<Toaster />);
    showError(new Error('boom'), 'ユーザー削除に失敗しました', { title: 'エラー' });
    expect(await screen.findByText('ユーザー削除に失敗しました')).toBeInTheDocument();
    expect(screen.getByText('エラー')).toBeInTheDocument();
    showError(
      errorFromResponse(404, { error: { message: 'ユーザーが見つかりません' } }),
      'クレジット調整に失敗しました',
      {
        title: 'エラー',
      },
    );
    expect(
      await screen.findByText('クレジット調整に失敗しました（ユーザーが見つかりません）'),
    ).toBeInTheDocument();
  });
});
