/** docs/spec.md §1: shown on the landing page. */
export function Disclaimer() {
  return (
    <aside
      aria-label="免責事項"
      className="rounded-lg border border-slate-200 bg-slate-100 p-4 text-sm text-slate-600"
    >
      <h2 className="font-semibold text-slate-700">免責事項</h2>
      <p className="mt-2 leading-relaxed">
        本サービスで作成されるFAQはAIが生成したものであり、内容の正確性・完全性を保証するものではありません。公開・利用の最終判断はご利用者様ご自身で行ってください。医療・法律・金融などの専門分野に関する内容は、必ず専門家にご確認ください。
      </p>
    </aside>
  );
}
