import { SERVICE_VERBS } from './fact-patterns.ts';
import type { Analyzer, Token } from './japanese.ts';
import { readQuestion, type QuestionSource, type ReadQuestion } from './question-reading.ts';

/**
 * The strict grammar gate every offline question passes before it is asked (issue 23): a
 * question cut from a page sentence must read as a customer's question, with a real topic and a
 * customer's predicate. What fails is not asked; the requested count is a maximum, because
 * fewer good FAQs beat filler. Each rule has an id and its own examples (question-gate.test.ts
 * runs every one), so a refused question can be explained by the rule that refused it.
 */

/** A rule's example: a question alone, or with the passage it was asked from. */
export type GateExample = string | { question: string; evidence: string };

export interface GateRule {
  id: string;
  /** What the rule refuses, in words, for whoever reads why a question was not asked. */
  refuses: string;
  /** A page's own questions are the business writing as its customers ask: only some rules apply. */
  appliesToPage: boolean;
  test(question: ReadQuestion): boolean;
  examples: { refused: GateExample[]; passed: GateExample[] };
}

// Verbs that only carry another word's meaning: a question that opens on one was cut from the
// middle of a clause (「いるケースは…」「いただく場合は…」「なる大きな音を…」).
const AUXILIARY_VERBS = new Set([
  'ある',
  'する',
  'なる',
  'いる',
  'おる',
  'しまう',
  'いく',
  'くる',
  'みる',
  'おく',
  'いただく',
  '頂く',
  'くださる',
  '下さる',
  'いたす',
  '致す',
  'もらう',
  'れる',
  'られる',
  'せる',
  'させる',
]);

const INTERROGATIVE = /いくら|いつ|どこ|何|どの|どう|どれ|誰|なぜ|どんな|どちら|どなた|いかが/;

// Marks of a page's layout, never of a customer's question.
const LAYOUT_MARK =
  /[•●○◆◇■□▼▲▶►★☆◎※①-⑳|｜@＠…‥⇒➡→【】]|\[cite|^[・\-－]|^[QAＱＡ][\d０-９]*\s*[.．:：、)）\s]/;

// Words that point at something said elsewhere on the page: asked alone, they point at nothing.
const REFERENCE_START =
  /^(?:その|この|それ|これ|あの|あれ|そちら|こちら|そこ|ここ|上記|下記|以下|以上|前記|後記|次の|右記|左記|右図|左図|上図|下図|前述|後述|同上|前項|次項|各号|別表|別紙|当該)/;
const REFERENCE_INSIDE =
  /上記|下記|前記|後記|右記|左記|右図|左図|上図|下図|前述|後述|同上|前項|次項|各号|別表|別紙|(?:^|[、\s])(?:以下|以上|次)の|(?:その|この|同)(?:場合|際|間|時|とき|ため|後|うち)/;

// The business speaking of its own actions, humbly or politely, with か added: no customer asks
// 「…に努めてまいりますか？」 or 「ご協力をお願いいたしますか？」.
const BUSINESS_VOICE = [
  /(?:いたし|致し)ますか/,
  /させて(?:いただ|頂)(?:き|いて(?:い|おり))ますか/,
  /(?:まいり|参り)ますか/,
  /(?:て|で|と)(?:おり|おら)ますか/,
  /(?:いただき|頂き)ますか/,
  /お願い(?!でき)[^？。]*(?:ますか|ですか)/,
  /恐縮|恐れ入り|ありがと|申し訳|幸いです|存じ|申し上げ|伺いますか/,
  /かねますか/,
  /(?:て|で)ございますか/,
  /(?:思い|考え|存じ)ますか/,
  /(?<!教えて)ください。?$/,
];

// What says a thing is there: existence, and the service verbs the engine asks 「…はありますか？」 of.
const OFFERED = [
  /あり|ござい|有り/,
  ...SERVICE_VERBS.filter(([, ending]) => ending === 'はありますか？').map(([verb]) => verb),
];

// The dictionary reads a stray ASCII mark as a noun: marks are never content.
const isContentNoun = (token: Token) =>
  token.pos === '名詞' &&
  !['数', '接尾', '非自立', '代名詞', '副詞可能'].includes(token.detail) &&
  !/^[\p{P}\p{S}]+$/u.test(token.surface);

/** The nouns of a phrase joined into compounds (駐車 + 場), figures and suffixes breaking them. */
function nounCompounds(tokens: Token[]): string[] {
  const compounds: string[] = [];
  let current = '';
  for (const token of tokens) {
    if (isContentNoun(token)) current += token.surface;
    else if (token.pos === '名詞' && token.detail === '接尾' && current) current += token.surface;
    else {
      if (current) compounds.push(current);
      current = '';
    }
  }
  if (current) compounds.push(current);
  return compounds;
}

export const GATE_RULES: GateRule[] = [
  {
    id: 'layout-mark',
    refuses: 'a bullet, note mark, circled number, Q／A marker, table pipe or leader of the layout',
    appliesToPage: true,
    test: ({ text }) => LAYOUT_MARK.test(text),
    examples: {
      refused: [
        '• 原則服装は自由ですか？',
        '③※ペットボトルについて教えてください。',
        'A 当院では施術を行いますか？',
        '基本料金は5,000円/日 |ですか？',
        '【個人】 課税事業者の決算報酬はいくらですか？',
      ],
      passed: ['ノミ・マダニの予防は必要ですか？', '駐車場はありますか？'],
    },
  },
  {
    id: 'bracket-fragment',
    refuses:
      'a question opening on a bracket other than a quotation, or whose brackets do not close',
    appliesToPage: true,
    test: ({ text }) => {
      // Only a quotation may open a question: 「(代表者以外の方は含む)ですか？」 is a note.
      if (/^[(（)）」』】\]［］〔〕<>＜＞]/.test(text)) return true;
      const opens = text.match(/[(（「『【［[〔]/g)?.length ?? 0;
      const closes = text.match(/[)）」』】］\]〕]/g)?.length ?? 0;
      return opens !== closes;
    },
    examples: {
      refused: [
        ')を連れての来院はできますか？',
        '(税込価格/単位はいくらですか？',
        '履行されなかった場合)の料金はいくらですか？',
        '(代表者以外の方は含む)ですか？',
      ],
      passed: ['予約取消(キャンセル)は無料ですか？', '「体験レッスン」はありますか？'],
    },
  },
  {
    id: 'opens-on-particle',
    refuses: 'a question opening on a particle, or with two case particles in a row',
    appliesToPage: true,
    test: ({ tokens }) =>
      tokens[0]?.pos === '助詞' ||
      tokens.some(
        (token, index) =>
          index > 0 &&
          token.pos === '助詞' &&
          token.detail === '格助詞' &&
          ['を', 'が'].includes(token.surface) &&
          tokens[index - 1]!.pos === '助詞',
      ),
    examples: {
      refused: ['を連れての来院はできますか？', '相続人がを超えるときはいくらですか？'],
      passed: ['お支払いにはどの方法が使えますか？', '小学生までは無料ですか？'],
    },
  },
  {
    id: 'opens-on-connective',
    refuses: 'a question opening on a connective that tied it to the sentence before',
    appliesToPage: true,
    test: ({ text, tokens }) =>
      tokens[0]?.pos === '接続詞' ||
      /^(?:ただ|また|なお|さらに|または|もしくは|および)、/.test(text),
    examples: {
      refused: [
        'ただ、歩道は歩行者のためにあるものですか？',
        'または施術をお断りすることがありますか？',
      ],
      passed: ['再来店時も予約は必要ですか？', 'ただし書きの条件はありますか？'],
    },
  },
  {
    id: 'opens-on-inflection',
    refuses: 'a question opening on an auxiliary, an inflection or a helper verb',
    appliesToPage: true,
    test: ({ tokens }) => {
      const first = tokens[0];
      if (!first) return false;
      if (first.pos === '助動詞') return true;
      if (first.pos === '動詞')
        return (
          first.detail !== '自立' ||
          AUXILIARY_VERBS.has(first.base) ||
          (!first.form.startsWith('基本') && tokens[1]?.pos === '助動詞')
        );
      return false;
    },
    examples: {
      refused: [
        'いるケースはありますか？',
        'いただく場合はありますか？',
        'しまう事について教えてください。',
        'れる方はいますか？',
        '頂く場合はありますか？',
        'なる大きな音を出す行為等はできますか？',
      ],
      passed: ['遅れる場合はどうすればよいですか？', '駐車場はありますか？'],
    },
  },
  {
    id: 'negation-fragment',
    refuses: 'a question opening on a negation cut from the clause it negated',
    appliesToPage: true,
    test: ({ text, tokens }) =>
      /^(?:ない|なく|無い|ません|ず[、にの]|ぬ)/.test(text) ||
      (tokens[0]?.pos === '動詞' && tokens[1]?.pos === '助動詞' && tokens[1].base === 'ない'),
    examples: {
      refused: ['ない限りについて教えてください。', 'いないペットはできますか？'],
      passed: ['在庫にないものは取り寄せできますか？', '無料の駐車場はありますか？'],
    },
  },
  {
    id: 'figure-topic',
    refuses:
      'a question about a bare figure or mark, or cut just after a figure: its topic names nothing',
    appliesToPage: false,
    test: ({ text, topic, topicTokens, tokens }) =>
      (tokens[0]?.pos === '記号' && !/^[「『]/.test(tokens[0].surface)) ||
      /^(?:以内|以降|以前|未満|程度|前後|まで|から|より)/.test(text) ||
      // 「300円~のホテルは…」「770/60分のショートステイを…」: a row named by its figure.
      /^[¥￥]?[\d,./]+\s*(?:円|分|時間)?[~〜～]?(?:\/[\d一-龯]+)?の/.test(topic) ||
      (topic !== '' &&
        !nounCompounds(topicTokens).some((compound) => compound.length >= 2) &&
        // 「2回目以降は」「3歳未満は」: a figure with its bound names a class.
        !/\d[^\d時分:]{0,2}(?:以降|以上|以下|未満)$/.test(topic) &&
        // 「遅れる場合は」: a condition names its topic with its verb.
        !topicTokens.some(
          (token) => ['動詞', '形容詞'].includes(token.pos) && token.detail === '自立',
        )),
    examples: {
      refused: [
        '300円~はいくらですか？',
        '770/60分を教えてください。',
        '1月はありますか？',
        '週1日はいつですか？',
        '~18:00は何時ですか？',
        '以内に届かない場合にはどのくらいの時間がかかりますか？',
        '17時以降は何時ですか？',
        '300円~のホテルはいくらですか？',
        '770/60分のショートステイを教えてください。',
      ],
      passed: ['1日の定員は何名ですか？', '駐車場は何台ありますか？', '2回目以降はいくらですか？'],
    },
  },
  {
    id: 'topic-without-head',
    refuses:
      'a topic that ends on a verb or an empty noun (点, こと, わけ…): a clause, not a thing',
    appliesToPage: false,
    test: ({ topic, topicTokens }) => {
      const last = topicTokens.at(-1);
      if (!last) return false;
      return (
        // 「基本的には」: an adverb, not a thing.
        topic.endsWith('的') ||
        // A verb's 連用形 names its act (「一時預かり」「内見」); its 基本形 ends a clause.
        (['動詞', '助動詞', '形容詞'].includes(last.pos) && !last.form.startsWith('連用')) ||
        (topicTokens.length === 1 &&
          /^(?:点|こと|事|もの|物|わけ|訳|ため|よう|ところ)$/.test(last.surface))
      );
    },
    examples: {
      refused: [
        '出すについて教えてください。',
        'わけについて教えてください。',
        'ノミ・ダニ・腸内寄生虫のいるもについて教えてください。',
        '基本的には、設置作業などのお手伝いを想定していますか？',
      ],
      passed: [
        '遅れる場合はどうすればよいですか？',
        '一時預かりはいくらですか？',
        '物件の内見は当社の車で案内してもらえますか？',
      ],
    },
  },
  {
    id: 'reference-without-antecedent',
    refuses: 'a question pointing at what the page says elsewhere (以下, 上記, 下記, その場合…)',
    appliesToPage: false,
    test: ({ text }) => REFERENCE_START.test(text) || REFERENCE_INSIDE.test(text),
    examples: {
      refused: [
        '下記のペットホテル料金は何時ですか？',
        '上記決算料について教えてください。',
        'これにつきましては市役所の許可が必要ですか？',
        'その場合の料金はいくらですか？',
        '次の各号の費用はかかりますか？',
      ],
      passed: ['小学生以下は無料ですか？', '3歳以上の子どもも参加できますか？'],
    },
  },
  {
    id: 'business-voice',
    refuses: "the business's humble or polite statement of its own action, with か added",
    appliesToPage: false,
    test: ({ text }) => BUSINESS_VOICE.some((pattern) => pattern.test(text)),
    examples: {
      refused: [
        '今後更なるサービスの向上に努めてまいりますか？',
        'ご理解とご協力をお願いいたしますか？',
        '大変恐縮ですか？',
        'キーボックスの暗証番号をお伝え致しますか？',
        '当スタジオは完全予約制となっておりますか？',
        'お席の指定はお受け致しかねますか？',
        '残りの半分の報酬を請求させていただきますか？',
        '誠にありがとうありますか？',
        '最初は全てご一読いただきますか？',
        'ご迷惑をおかけする場合は多々あるとは思いますか？',
        '受付にてご確認ください。',
      ],
      passed: [
        '出張修理はお願いできますか？',
        '電話番号を教えてください。',
        '駐車場はございますか？',
        'カードは利用できますか？',
      ],
    },
  },
  {
    id: 'no-topic',
    refuses: 'a statement asked back with no topic a customer asks about, and no question word',
    appliesToPage: false,
    test: ({ topic, text, tokens }) =>
      topic === '' &&
      !INTERROGATIVE.test(text) &&
      // 「食物アレルギーに対応していますか？」「合成香料を使っていますか？」: a short question that
      // opens on the thing it asks about, named by its case.
      !tokens.some(
        (token, index) =>
          token.detail === '格助詞' &&
          ['を', 'に', 'が'].includes(token.surface) &&
          tokens.length - index <= 8 &&
          tokens.slice(0, index).every(
            (before, at) =>
              ['名詞', '接頭詞'].includes(before.pos) ||
              before.detail === '連体化' ||
              // 「オンラインでの面談に」: a case particle inside the noun phrase.
              tokens[at + 1]?.detail === '連体化',
          ) &&
          nounCompounds(tokens.slice(0, index)).some((compound) => compound.length >= 2),
      ),
    examples: {
      refused: [
        '女性の方ですか？',
        '小学生から中学生まで共通ですか？',
        'すぐに戻ってしまいますか？',
        '様々な感染症と共存するご時世ですか？',
        'お手さげバック(エコバックでもok)ですか？',
        '電話からご予約いただいた方を優先してご案内していますか？',
        'なるべくお待たせしないように最大限努力をしていますか？',
      ],
      passed: [
        '駐車場はありますか？',
        'どのような鍼を使うのですか？',
        '営業時間を教えてください。',
        'お子さま連れも利用できますか？',
        '食物アレルギーに対応していますか？',
        '合成香料を使っていますか？',
        'オンラインでの面談に対応していますか？',
      ],
    },
  },
  {
    id: 'empty-predicate',
    refuses: 'a topic followed by a light verb that asks nothing (「料金はされますか？」)',
    appliesToPage: false,
    test: ({ tokens, topicTokens, text }) => {
      if (topicTokens.length === 0 || INTERROGATIVE.test(text)) return false;
      const rest = tokens.slice(topicTokens.length + 1);
      return !rest.some(
        (token) =>
          isContentNoun(token) ||
          token.pos === '形容詞' ||
          (token.pos === '動詞' &&
            !['する', 'れる', 'られる', 'せる', 'いたす', 'なさる'].includes(token.base)),
      );
    },
    examples: {
      refused: ['料金はされますか？'],
      passed: ['駐車場はありますか？', '見学は無料ですか？', '予約は必要ですか？'],
    },
  },
  {
    id: 'unsupported-existence',
    refuses: 'asking whether something exists when the sentence asked from does not say it does',
    appliesToPage: false,
    test: ({ topic, text, evidence, source }) => {
      if (source !== 'sentence' || !evidence || !/はありますか[？?]$/.test(text) || !topic)
        return false;
      const at = evidence.indexOf(topic);
      if (at < 0) return false;
      // The clause that follows the topic must say it is there or offered, and not that it is not.
      const clause = evidence
        .slice(at + topic.length)
        .split(/[、。]/)[0]!
        .slice(0, 30);
      return !OFFERED.some((verb) => verb.test(clause)) || /ない|なく|かね/.test(clause);
    },
    examples: {
      refused: [
        {
          question: '連絡はありますか？',
          evidence:
            '連絡がなく10分以上遅れた場合、無断キャンセルと判断させていただくことがあります。',
        },
        {
          question: '診察時はありますか？',
          evidence: '診察時は動物を触診したり、保定することがあります。',
        },
        {
          question: 'ご希望のコースの施術はありますか？',
          evidence: '予約時間を過ぎますとご希望のコースの施術ができない場合がございます。',
        },
      ],
      passed: [
        { question: '駐車場はありますか？', evidence: '駐車場は店舗裏に5台分ございます。' },
        {
          question: 'キッズスペースはありますか？',
          evidence: 'キッズスペースを2か所ご用意しています。',
        },
        { question: '駐車場はありますか？', evidence: '専用駐車場はありません。' },
        {
          question: '無料の送迎バスはありますか？',
          evidence: '駅まで無料の送迎バスを運行しています。',
        },
      ],
    },
  },
];

/** The id of the first rule that refuses the question, or undefined when it may be asked. */
export function gateRefusal(
  analyzer: Analyzer,
  question: string,
  source: QuestionSource,
  evidence = '',
): string | undefined {
  const read = { ...readQuestion(analyzer, question, source), evidence };
  return GATE_RULES.find((rule) => (source !== 'page' || rule.appliesToPage) && rule.test(read))
    ?.id;
}
