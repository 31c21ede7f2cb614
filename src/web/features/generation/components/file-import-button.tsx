import { FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { FILE_TOO_LARGE } from '../../../../shared/data.ts';
import { PASTED_TEXT_MAX_CHARS, UPLOAD_MAX_BYTES } from '../../../../shared/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { data } from '../../../lib/platform/data.ts';
import { showError } from '../../../lib/show-error.ts';

/** What the server's extractors read (the type is checked again from the bytes there). */
const ACCEPT =
  '.pdf,.docx,.xlsx,.xls,.csv,.tsv,.md,.markdown,.txt,.log,.json,.yaml,.yml,.xml,.html,.htm';

/**
 * Reads a document on the server and appends its text to the text box, where the user can
 * check and trim it before generating.
 */
export function FileImportButton({
  current,
  onText,
}: {
  current: string;
  onText: (text: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function read(file: File) {
    if (file.size > UPLOAD_MAX_BYTES) return toast.error(FILE_TOO_LARGE);
    setBusy(true);
    try {
      const extracted = await data.extractFromBlob(file);
      const combined = current.trim()
        ? `${current.trim()}\n\n${extracted.markdown}`
        : extracted.markdown;
      if (combined.length > PASTED_TEXT_MAX_CHARS) {
        toast.warning(
          `テキストが${PASTED_TEXT_MAX_CHARS.toLocaleString('ja-JP')}文字を超えたため、超えた部分は読み込んでいません`,
        );
      }
      onText(combined.slice(0, PASTED_TEXT_MAX_CHARS));
      toast.success(
        `「${file.name}」を読み込みました（${extracted.characters.toLocaleString('ja-JP')}文字）`,
      );
    } catch (error) {
      showError(error, 'ファイルを読み込めませんでした');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="読み込むファイル"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void read(file);
        }}
      />
      <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? (
          <Spinner label="ファイルを読み込み中" />
        ) : (
          <FileUp className="h-4 w-4" aria-hidden />
        )}
        {busy ? 'ファイルを読み込み中...' : 'ファイルから読み込む'}
      </Button>
    </>
  );
}
