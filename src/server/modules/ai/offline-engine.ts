import { ANSWER_LENGTHS, type AnswerLength } from '../../../shared/limits.ts';
import { fitLength, similarity, splitSentences } from './text.ts';

/**
 * The built-in offline engine (DECISIONS §3): extractive, works only from the supplied content,
 * never invents facts and says plainly when it found nothing. It is not a language model.
 */
export interface ContentPage {
  url: string;
  title: string;
  markdown: string;
}

export interface DraftQuestion {
  question: string;
  sourceUrl?: string;
}

// Topic words in the content → the question a customer would ask about them.
const TOPIC_QUESTIONS: [RegExp, string][] = [
  [/営業時間|営業日|開店|閉店|受付時間/, '営業時間を教えてください。'],
  [/定休日|休業日|お休み/, '定休日はいつですか？'],
  [/料金|価格|円|費用|税込/, '料金はいくらですか？'],
  [/支払|決済|クレジットカード|現金|振込/, '支払い方法には何がありますか？'],
  [/予約/, '予約はできますか？'],
  [/駐車場/, '駐車場はありますか？'],
  [/アクセス|徒歩|最寄り|駅から/, 'アクセス方法を教えてください。'],
  [/返品|返金|キャンセル|交換/, '返品やキャンセルはできますか？'],
  [/配送|送料|お届け|発送/, '配送や送料について教えてください。'],
  [/保証|アフターサービス|修理/, '保証やアフターサービスはありますか？'],
  [/お問い合わせ|電話|メール|連絡先/, '問い合わせ方法を教えてください。'],
  [/創業|設立|会社概要|代表/, 'どのような会社ですか？'],
  [/申し込み|申込|登録|始め方|流れ/, '申し込みの流れを教えてください。'],
];

const GENERIC_HEADINGS = /^(ホーム|home|トップ|top|menu|メニュー|お知らせ|news|ニュース|目次)$/i;

function headingQuestion(heading: string): string {
  const clean = heading.replace(/[#*_`]/g, '').trim();
  if (/[？?]$/.test(clean)) return clean;
  if (/について$/.test(clean)) return `${clean}教えてください。`;
  return `${clean}について教えてください。`;
}

export function offlineQuestionsFromContent(pages: ContentPage[], count: number): DraftQuestion[] {
  const drafts: DraftQuestion[] = [];
  for (const page of pages) {
    const text = page.markdown;
    for (const [pattern, question] of TOPIC_QUESTIONS) {
      if (pattern.test(text)) drafts.push({ question, sourceUrl: page.url });
    }
    for (const match of text.matchAll(/^#{1,4}\s+(.+)$/gm)) {
      const heading = match[1]!.trim();
      if (heading.length >= 2 && heading.length <= 40 && !GENERIC_HEADINGS.test(heading)) {
        drafts.push({ question: headingQuestion(heading), sourceUrl: page.url });
      }
    }
    // 「〜とは」 definitions become "what is" questions.
    for (const match of text.matchAll(/([^\s、。「」]{2,20})とは/g)) {
      drafts.push({ question: `${match[1]}とは何ですか？`, sourceUrl: page.url });
    }
  }
  return drafts.slice(0, Math.max(count * 3, count));
}

const CATEGORY_TEMPLATES = [
  '{c}とは何ですか？',
  '{c}を利用するメリットは何ですか？',
  '{c}の費用の目安はどのくらいですか？',
  '{c}を選ぶときに注意すべき点は何ですか？',
  '{c}を始めるには何から準備すればよいですか？',
  '{c}でよくあるトラブルと対処法を教えてください。',
  '{c}について相談できる窓口はありますか？',
  '{c}に必要な期間はどのくらいですか？',
  '{c}のデメリットやリスクはありますか？',
  '{c}について初心者が知っておくべきことは何ですか？',
  '{c}の最新の動向を教えてください。',
  '{c}を比較検討する際のポイントは何ですか？',
  '{c}で必要な書類や手続きはありますか？',
  '{c}を依頼する専門家の選び方を教えてください。',
  '{c}の効果を高めるコツはありますか？',
];

export function offlineCategoryQuestions(category: string, count: number): DraftQuestion[] {
  return CATEGORY_TEMPLATES.slice(0, count).map((template) => ({
    question: template.replaceAll('{c}', category),
  }));
}

export const OFFLINE_NOT_FOUND = '提供された内容には、この質問に対する記載が見つかりませんでした。';

/** Picks the sentences that share the most with the question, in page order. */
export function offlineAnswerFromContent(
  question: string,
  pages: ContentPage[],
  length: AnswerLength,
  preferredUrl?: string,
): { answer: string; found: boolean; sourceUrl?: string } {
  const { min, max } = ANSWER_LENGTHS[length];
  const scored: { sentence: string; score: number; order: number; url: string }[] = [];
  let order = 0;
  for (const page of pages) {
    for (const sentence of splitSentences(page.markdown)) {
      if (/[？?]$/.test(sentence)) continue;
      const bonus = preferredUrl && page.url === preferredUrl ? 0.05 : 0;
      scored.push({
        sentence,
        score: similarity(question, sentence) + bonus,
        order: order++,
        url: page.url,
      });
    }
  }
  const relevant = scored.filter((item) => item.score >= 0.08).sort((a, b) => b.score - a.score);
  if (relevant.length === 0) return { answer: OFFLINE_NOT_FOUND, found: false };
  const chosen = relevant.slice(0, 6).sort((a, b) => a.order - b.order);
  return {
    answer: fitLength(
      chosen.map((item) => item.sentence),
      min,
      max,
    ),
    found: true,
    sourceUrl: relevant[0]!.url,
  };
}

export function offlineExpertAnswer(question: string, expert: string, category: string): string {
  return `${expert}の立場から一般的な考え方をお伝えします（オフライン簡易エンジンによる定型的な回答です）。「${question}」については、${category}の状況や条件によって適切な判断が異なります。具体的なケースについては、${expert}などの専門家に個別にご相談ください。`;
}

export function offlineIntegratedAnswer(question: string, experts: string[]): string {
  return `「${question}」について、${experts.join('・')}の視点を踏まえると、状況に応じた判断と専門家への確認が大切です（オフライン簡易エンジンによる定型的なまとめです）。`;
}
