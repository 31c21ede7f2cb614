import { ExternalLink, Globe } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { escapeHtml } from '../../../../shared/escape-html.ts';
import type { FaqItem } from '../../../../shared/generations.ts';
import {
  faqBlockHtml,
  publishedItems,
  publishedTitle,
  publishRequestSchema,
  type Publication,
} from '../../../../shared/published-faq.ts';
import { confirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { errorMessage, showError } from '../../../lib/show-error.ts';
import { usePublication, usePublish, useUnpublish } from '../api/publication.ts';
import { CopyField } from './copy-field.tsx';
import { PublicationStats } from './publication-stats.tsx';

/** 「shop.example.jp のFAQ」 → 「shop.example.jp」: a first guess the owner corrects. */
export const businessNameFrom = (title: string) =>
  title.replace(/\s*の?\s*FAQ(リスト)?$/i, '').trim() || title;

const embedScript = (publication: Publication) =>
  `<script src="${new URL(publication.url).origin}/embed.js" data-faq="${publication.slug}" async></script>`;

/**
 * The iframe and a line that sets its height from what the framed page says it is (the
 * page's script posts { type: 'faq-kobo-height', height }): only from our origin, only from
 * this frame, only a number in range. Without the script (a builder that strips it) the
 * frame keeps its 640 px.
 */
const embedFrame = (publication: Publication) => {
  const id = `faq-kobo-${publication.slug}`;
  const origin = JSON.stringify(new URL(publication.url).origin);
  return [
    `<iframe id="${id}" src="${publication.url}/embed" title="${escapeHtml(publishedTitle(publication.businessName))}" loading="lazy" style="width:100%;height:640px;border:0"></iframe>`,
    `<script>addEventListener("message",function(e){var f=document.getElementById("${id}"),d=e.data;if(f&&e.origin===${origin}&&e.source===f.contentWindow&&d&&d.type==="faq-kobo-height"&&typeof d.height=="number"&&d.height>0&&d.height<1e5)f.style.height=Math.ceil(d.height)+"px"})</script>`,
  ].join('\n');
};

/**
 * 「公開する」: the record's public page (/f/{slug}), its embed codes, the copy-paste block and
 * what customers open. `items` are the record's current items: the block and the counts of
 * what would be published come from them, as the page does on the server.
 */
export function PublishDialog({
  generationId,
  title,
  items,
}: {
  generationId: string;
  title: string;
  items: FaqItem[];
}) {
  const [open, setOpen] = useState(false);
  const publication = usePublication(generationId);
  const current = publication.data?.publication ?? null;
  const live = current?.published === true;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={live ? 'outline' : 'default'}>
          <Globe aria-hidden="true" className="h-4 w-4" />
          {live ? '公開ページ' : '公開する'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>FAQを公開する</DialogTitle>
          <DialogDescription>
            お店のサイトに載せられるページを作ります。載るのは承認した質問と回答だけで、根拠や出典は載りません。
          </DialogDescription>
        </DialogHeader>
        {open &&
          (publication.isPending ? (
            <p className="text-sm text-slate-600">読み込み中…</p>
          ) : publication.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(publication.error, '公開の状態を読み込めませんでした')}
            </p>
          ) : (
            <PublishBody
              generationId={generationId}
              title={title}
              items={items}
              publication={current}
            />
          ))}
      </DialogContent>
    </Dialog>
  );
}

function PublishBody({
  generationId,
  title,
  items,
  publication,
}: {
  generationId: string;
  title: string;
  items: FaqItem[];
  publication: Publication | null;
}) {
  const nameId = useId();
  const errorId = useId();
  const [businessName, setBusinessName] = useState(
    publication?.businessName ?? businessNameFrom(title),
  );
  const [noindex, setNoindex] = useState(publication?.noindex ?? false);
  const [error, setError] = useState<string | null>(null);
  const publish = usePublish(generationId);
  const unpublish = useUnpublish(generationId);
  const shown = useMemo(() => publishedItems(items), [items]);
  const block = useMemo(
    () => faqBlockHtml(publishedTitle(businessName.trim() || businessNameFrom(title)), shown.items),
    [businessName, shown.items, title],
  );
  const live = publication?.published === true;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = publishRequestSchema.safeParse({ businessName, noindex });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '入力内容を確認してください');
      return;
    }
    setError(null);
    try {
      await publish.mutateAsync(parsed.data);
      toast.success(live ? '公開ページの設定を保存しました' : 'FAQを公開しました');
    } catch (failure) {
      setError(errorMessage(failure, '公開できませんでした。もう一度お試しください'));
    }
  }

  async function takeDown() {
    const confirmed = await confirmDialog('このFAQを非公開にしますか？', {
      description:
        '公開ページと埋め込みはすぐに表示されなくなります（「公開を終了しました」と表示されます）。もう一度公開すると同じアドレスで表示されます。',
      confirmLabel: '非公開にする',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await unpublish.mutateAsync();
      toast.success('FAQを非公開にしました');
    } catch (failure) {
      showError(failure, '非公開にできませんでした。もう一度お試しください');
    }
  }

  return (
    <div className="space-y-6">
      {publication && (
        <section
          aria-labelledby={`${nameId}-state`}
          className="space-y-3 rounded-lg border border-slate-200 p-4"
        >
          <h3 id={`${nameId}-state`} className="font-semibold">
            {live ? '公開中' : '非公開'}
          </h3>
          {live ? (
            <>
              <a
                href={publication.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 break-all text-blue-700 underline"
              >
                {publication.url}
                <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0" />
                <span className="sr-only">（新しいタブで開く）</span>
              </a>
              <CopyField label="公開ページのURL" value={publication.url} rows={1} />
              <PublicationStats publication={publication} />
              <Button
                type="button"
                variant="outline"
                onClick={() => void takeDown()}
                disabled={unpublish.isPending}
              >
                非公開にする
              </Button>
            </>
          ) : (
            <p className="text-sm text-slate-600">
              このページは非公開です。アドレスを開くと「公開を終了しました」と表示されます。
            </p>
          )}
        </section>
      )}

      <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
        <div className="space-y-1">
          <Label htmlFor={nameId}>事業者名（ページの見出し）</Label>
          <Input
            id={nameId}
            value={businessName}
            onChange={(event) => setBusinessName(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            maxLength={100}
          />
          <p className="text-xs text-slate-500">
            ページの題名は「{publishedTitle(businessName.trim() || '…')}」になります。
          </p>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            checked={noindex}
            onChange={(event) => setNoindex(event.target.checked)}
            className="mt-1 h-4 w-4"
          />
          <span>
            検索エンジンに載せない
            <span className="block text-xs text-slate-500">
              Googleなどの検索結果に表示しません（URLを知っている人は見られます）
            </span>
          </span>
        </label>
        {shown.leftOut > 0 && (
          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            要確認の回答{shown.leftOut}件は、確認するまで公開ページに載りません。
          </p>
        )}
        <FieldError id={errorId}>{error}</FieldError>
        <Button type="submit" disabled={publish.isPending} aria-busy={publish.isPending}>
          {live ? '設定を保存' : publication ? 'もう一度公開する' : '公開する'}
        </Button>
      </form>

      {live && publication && (
        <section aria-labelledby={`${nameId}-embed`} className="space-y-3">
          <h3 id={`${nameId}-embed`} className="font-semibold">
            お店のサイトに埋め込む
          </h3>
          <p className="text-sm text-slate-600">
            この1行をサイトのHTMLに貼ると、その場所にFAQが表示されます。サイトの文字の書体を引き継ぎ、FAQを編集すると自動で新しくなります。
          </p>
          <CopyField label="埋め込みコード" value={embedScript(publication)} />
          <CopyField label="iframeで埋め込むコード" value={embedFrame(publication)} />
        </section>
      )}

      <section aria-labelledby={`${nameId}-block`} className="space-y-3">
        <h3 id={`${nameId}-block`} className="font-semibold">
          HTMLを貼り付ける
        </h3>
        <p className="text-sm text-slate-600">
          HTMLしか貼れないホームページ作成サービス向けです。公開しなくても使えますが、FAQを編集したら貼り直してください。
        </p>
        <CopyField label="HTMLブロック" value={block} rows={6} />
        <p className="text-sm font-medium text-slate-700">プレビュー</p>
        {/* Rendered in a sandbox with no scripts: the FAQ's text never runs in the app. */}
        <iframe
          title="HTMLブロックのプレビュー"
          sandbox=""
          srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif;margin:12px">${block}</body>`}
          className="h-72 w-full rounded-md border border-slate-200 bg-white"
        />
      </section>
    </div>
  );
}
