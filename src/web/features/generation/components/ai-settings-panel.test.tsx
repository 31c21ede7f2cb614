import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OFFLINE_ENGINE_LABEL, type AiProviderInfo } from '../../../../shared/ai.ts';
import { AiSettingsPanel } from './ai-settings-panel.tsx';

const provider = (overrides: Partial<AiProviderInfo> & Pick<AiProviderInfo, 'id'>) => ({
  label: overrides.id,
  model: '未設定',
  available: false,
  costPerToken: 0.001,
  recommended: false,
  offline: false,
  ...overrides,
});

async function openPanel(providers: AiProviderInfo[]) {
  render(
    <AiSettingsPanel providers={providers} value={{ provider: 'auto' }} onChange={() => {}} />,
  );
  await userEvent.click(screen.getByRole('button', { name: /AI設定/ }));
  return screen.getByRole('group', { name: 'AIプロバイダー' });
}

describe('AiSettingsPanel', () => {
  it('does not speak of tokens when no AI key is set (the built-in engine uses none)', async () => {
    // GET /api/ai/providers without any key: `auto` is the offline engine, the rest unset.
    const group = await openPanel([
      provider({
        id: 'auto',
        label: 'おすすめ（自動選択）',
        model: OFFLINE_ENGINE_LABEL,
        available: true,
        recommended: true,
        offline: true,
      }),
      provider({ id: 'openai', label: 'OpenAI' }),
      provider({ id: 'anthropic', label: 'Anthropic', costPerToken: 0.002 }),
    ]);
    expect(group).toHaveTextContent('内蔵エンジン（トークンは使いません）');
    expect(group).not.toHaveTextContent('トークンあたり');
    expect(group).toHaveTextContent('未設定（管理者がAPIキーを設定すると選べます）');
  });

  it('prices tokens for a configured model', async () => {
    const group = await openPanel([
      provider({
        id: 'auto',
        label: 'おすすめ（自動選択）',
        model: 'gpt-4o-mini',
        available: true,
        recommended: true,
      }),
      provider({ id: 'openai', label: 'OpenAI', model: 'gpt-4o-mini', available: true }),
    ]);
    expect(group).toHaveTextContent('モデル：gpt-4o-mini ／ 1トークンあたり 0.0010 クレジット');
    expect(group).not.toHaveTextContent('トークンは使いません');
  });
});
