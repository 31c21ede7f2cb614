import type { Generation } from '../../../../shared/generations.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';

export function HistoryDetail({
  generation,
  onClose,
  exportSlot,
}: {
  generation: Generation | null;
  onClose: () => void;
  exportSlot?: React.ReactNode;
}) {
  const questions = generation?.questions ?? [];
  const answered = generation?.items ?? [];
  const hasDetail = questions.length > 0 && (answered.length > 0 || generation?.answers.length);
  return (
    <Dialog open={generation !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{generation?.title}</DialogTitle>
          <DialogDescription>
            {generation ? formatDateTime(generation.createdAt) : ''}
          </DialogDescription>
        </DialogHeader>
        {!hasDetail ? (
          <p className="text-slate-600">詳細情報がありません</p>
        ) : (
          <ol className="space-y-4">
            {(answered.length > 0 ? answered.map((item) => item.question) : questions).map(
              (question, index) => {
                const item = answered[index];
                return (
                  <li key={`${index}-${question}`}>
                    <p className="font-semibold">
                      Q{index + 1}. {question}
                    </p>
                    {item?.expertAnswers?.map((expert) => (
                      <p key={expert.expert} className="mt-1 text-sm text-slate-700">
                        <span className="font-semibold">【{expert.expert}】</span>
                        {expert.answer}
                      </p>
                    ))}
                    <p className="mt-1 whitespace-pre-wrap text-slate-800">
                      {item?.answer || generation?.answers[index] || '回答なし'}
                    </p>
                  </li>
                );
              },
            )}
          </ol>
        )}
        {hasDetail && answered.length > 0 && <div className="mt-6">{exportSlot}</div>}
      </DialogContent>
    </Dialog>
  );
}
