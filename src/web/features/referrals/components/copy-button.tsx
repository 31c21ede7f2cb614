import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { COPY_FEEDBACK_MS } from '../../../../shared/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { copyText } from '../../../lib/copy-text.ts';

export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (
    <Button
      variant="outline"
      onClick={async () => {
        if (await copyText(text)) {
          setCopied(true);
          toast.success('リンクをコピーしました', { duration: 2000 });
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
        } else {
          toast.error('コピーに失敗しました');
        }
      }}
    >
      {copied ? (
        <Check aria-hidden="true" className="h-4 w-4" />
      ) : (
        <Copy aria-hidden="true" className="h-4 w-4" />
      )}
      {copied ? 'コピーしました' : 'コピー'}
    </Button>
  );
}
