import { Minus, Plus } from 'lucide-react';
import { MAX_RESPONDERS } from '../../../../shared/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import type { SavedForm } from '../hooks/use-saved-form.ts';

type CategoryValues = Pick<SavedForm, 'categoryName' | 'major' | 'medium' | 'minor' | 'responders'>;

/** docs/spec.md §5 category mode: a category name plus 1 to 5 responders (experts). */
export function CategoryFields({
  id,
  values,
  onChange,
}: {
  id: string;
  values: CategoryValues;
  onChange: (patch: Partial<CategoryValues>) => void;
}) {
  const { responders } = values;
  return (
    <>
      <div className="space-y-1">
        <Label htmlFor={`${id}-category`}>カテゴリー名</Label>
        <Input
          id={`${id}-category`}
          placeholder="例：相続手続き"
          value={values.categoryName}
          onChange={(e) => onChange({ categoryName: e.target.value })}
        />
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        {(
          [
            ['major', '大分類'],
            ['medium', '中分類'],
            ['minor', '小分類'],
          ] as const
        ).map(([field, label]) => (
          <div key={field} className="space-y-1">
            <Label htmlFor={`${id}-${field}`}>{label}（任意）</Label>
            <Input
              id={`${id}-${field}`}
              value={values[field]}
              onChange={(e) => onChange({ [field]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">
          回答者（専門家の役割、最大{MAX_RESPONDERS}人）
        </legend>
        {responders.map((responder, index) => (
          <div key={index} className="flex gap-2">
            <Input
              aria-label={`回答者${index + 1}`}
              placeholder={index === 0 ? '例：税理士' : '例：弁護士'}
              value={responder}
              onChange={(e) =>
                onChange({
                  responders: responders.map((item, position) =>
                    position === index ? e.target.value : item,
                  ),
                })
              }
            />
            {responders.length > 1 && (
              <Button
                variant="outline"
                size="icon"
                aria-label={`回答者${index + 1}を削除`}
                onClick={() =>
                  onChange({ responders: responders.filter((_, position) => position !== index) })
                }
              >
                <Minus aria-hidden="true" className="h-4 w-4" />
              </Button>
            )}
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          disabled={responders.length >= MAX_RESPONDERS}
          onClick={() => onChange({ responders: [...responders, ''] })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          回答者を追加
        </Button>
      </fieldset>
    </>
  );
}
