import type { Generation } from '../../../../shared/generations.ts';

/** Spec §2: 完了 / 失敗, anything else 生成中. */
export function statusLabel(status: string): { label: string; className: string } {
  if (status === 'completed') return { label: '完了', className: 'bg-green-100 text-green-800' };
  if (status === 'failed') return { label: '失敗', className: 'bg-red-100 text-red-800' };
  return { label: '生成中', className: 'bg-amber-100 text-amber-800' };
}

export function categoryPath(generation: Generation): string {
  const input = generation.inputData as Record<string, unknown>;
  const parts = [input.major, input.medium, input.minor].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.length > 0 ? parts.join(' > ') : String(input.categoryName ?? '');
}
