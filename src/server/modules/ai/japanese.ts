import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';

/**
 * Japanese morphology for the FAQ engine (docs/adr/006-japanese-morphology.md): the offline
 * engine needs parts of speech to find a sentence's topic and predicate, and retrieval and
 * de-duplication compare content words rather than characters.
 */
export interface Token {
  surface: string;
  /** 名詞, 動詞, 助詞, 助動詞, 記号 … (IPADIC). */
  pos: string;
  /** The first POS detail: 係助詞, 格助詞, 数, 接尾, 自立, 非自立 … */
  detail: string;
  /** Dictionary form; the surface for unknown words. */
  base: string;
  /** Conjugated form of verbs and adjectives (連用形, 基本形 …), '*' otherwise. */
  form: string;
}

export interface Analyzer {
  tokenize(text: string): Token[];
}

let loading: Promise<Analyzer> | undefined;

/** The dictionary loads once per process (about 0.4 s), on the first call that needs it. */
export function loadAnalyzer(): Promise<Analyzer> {
  loading ??= new Promise<Analyzer>((resolve, reject) => {
    const dicPath = path.join(
      path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')),
      'dict',
    );
    kuromoji.builder({ dicPath }).build((error, tokenizer) => {
      if (error) {
        loading = undefined;
        reject(error);
        return;
      }
      resolve({
        tokenize: (text) =>
          joinGroupedNumbers(
            // Half a character (a lone surrogate) makes kuromoji throw; it reads U+FFFD fine.
            tokenizer.tokenize(text.toWellFormed()).map((token) => ({
              surface: token.surface_form,
              pos: token.pos,
              detail: token.pos_detail_1,
              base: token.basic_form === '*' ? token.surface_form : token.basic_form,
              form: token.conjugated_form,
            })),
          ),
      });
    });
  });
  return loading;
}

const isNumber = (token: Token | undefined) =>
  token?.detail === '数' && /^\d[\d.,]*$/.test(token.surface);

/**
 * 「4,400円」 comes out of the dictionary as 4 / , / 400: joined back into one number, so the
 * thousands separator is never taken for a clause boundary or the end of a topic.
 */
export function joinGroupedNumbers(tokens: Token[]): Token[] {
  const joined: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const previous = joined.at(-1);
    const next = tokens[index + 1];
    if (
      [',', '，'].includes(token.surface) &&
      isNumber(previous) &&
      isNumber(next) &&
      /^\d{3}(?:\.\d+)?$/.test(next!.surface)
    ) {
      const number = `${previous!.surface},${next!.surface}`;
      joined[joined.length - 1] = { ...previous!, surface: number, base: number };
      index++;
      continue;
    }
    joined.push(token);
  }
  return joined;
}

/** Full-width alphanumerics, half-width katakana and odd spaces folded; case kept. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

// Verbs and nouns that carry no topic of their own in a business FAQ.
const LIGHT_WORDS = new Set([
  'する',
  'ある',
  'いる',
  'なる',
  'できる',
  'いただける',
  'いただく',
  'くださる',
  'おる',
  'ござる',
  'れる',
  'られる',
  'こと',
  'もの',
  'ため',
  'よう',
  'ほう',
  'とき',
  'ところ',
  'これ',
  'それ',
  'どれ',
  'なに',
  '何',
  'いくら',
  'どこ',
  'いつ',
  'どの',
  'どう',
  'どのくらい',
  'どれくらい',
  '教える',
  '方法',
  '場合',
  '可能',
  '利用',
  '以下',
]);

/** Content words (base forms) of a text: what retrieval and de-duplication compare. */
export function contentWords(analyzer: Analyzer, text: string): string[] {
  const words: string[] = [];
  for (const token of analyzer.tokenize(normalizeText(text).toLowerCase())) {
    const isContent =
      (token.pos === '名詞' &&
        !['非自立', '代名詞', '数', '接尾', '副詞可能'].includes(token.detail)) ||
      (token.pos === '動詞' && token.detail === '自立') ||
      token.pos === '形容詞' ||
      (token.pos === '名詞' && token.detail === '接尾' && token.surface.length > 1);
    if (!isContent || LIGHT_WORDS.has(token.base)) continue;
    if (/^[\p{P}\p{S}]+$/u.test(token.base)) continue;
    words.push(token.base);
  }
  return words;
}

/** What kind of answer a question asks for; two questions asking different kinds are distinct. */
export type AskKind = 'price' | 'time' | 'when' | 'where' | 'count' | 'duration' | 'how' | 'open';

export function askKind(question: string): AskKind {
  const text = normalizeText(question);
  if (/いくら|料金は|費用は|値段|価格|何円/.test(text)) return 'price';
  if (/何時/.test(text)) return 'time';
  if (/いつ|何曜日|曜日/.test(text)) return 'when';
  if (/どこ|場所|アクセス|行き方/.test(text)) return 'where';
  if (/どのくらい|どれくらい|何日|何分|何か月|期間/.test(text)) return 'duration';
  if (/何(名|人|台|種類|個|本|回|件|席|クラス|部屋)/.test(text)) return 'count';
  if (/どう|どのよう|方法|流れ|手順/.test(text)) return 'how';
  // Yes/no questions and 「〜について教えてください」 ask about the topic as a whole.
  return 'open';
}
