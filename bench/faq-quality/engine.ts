import type { AnswerLength } from '../../src/shared/limits.ts';
import {
  offlineAnswersInChild,
  offlineQuestionsInChild,
} from '../../src/server/modules/ai/engine-pool.ts';
import type { ContentPage, QuestionEvidence } from '../../src/server/modules/ai/offline-engine.ts';
import { ingestText } from '../../src/server/modules/ingestion/ingestion.service.ts';
import { longBrochure } from '../../tests/fixtures/long-brochure.ts';
import { ASKED } from './case-sets.ts';
import {
  addCounts,
  qualityFigures,
  scoreCase,
  type ProducedFaq,
  type QualityCase,
} from './score.ts';

/**
 * The built-in engine called as the product calls it (engine-pool.ts, in a child process),
 * without the API around it: its speed, and what made each Q&A (--explain).
 */
function pasted(text: string): ContentPage[] {
  return [{ url: '', title: '入力テキスト', markdown: ingestText(text).markdown }];
}

// The rule or intent a question came from, where the engine records it.
type Explained = QuestionEvidence & { origin?: string };

async function questionsAndAnswers(text: string, count: number, length: AnswerLength) {
  const pages = pasted(text);
  const { drafts } = await offlineQuestionsInChild(pages, count, []);
  const answers = await offlineAnswersInChild(pages, drafts, length);
  return drafts.map((draft, index) => ({ draft, answer: answers[index]! }));
}

/**
 * One text as the bench asks it, every question approved, in the shape the API returns its
 * items (faq-ai.ts generateAnswersFromContent maps the engine's answers the same way).
 */
export async function engineFaqs(
  text: string,
  count: number,
  length: AnswerLength,
): Promise<ProducedFaq[]> {
  return (await questionsAndAnswers(text, count, length)).map(({ draft, answer }) => ({
    question: draft.question,
    answer: answer.answer,
    failed: !answer.found,
    ...(answer.belowLength ? { belowLength: true } : {}),
  }));
}

/**
 * The README's figures for a set, scored on the engine itself: what the API adds around it
 * (records, credits, polling) is the generation tests' business, and costs the suite seconds
 * a set here.
 */
export async function scoreSetOnEngine(cases: QualityCase[]) {
  const counts = [];
  for (const testCase of cases)
    counts.push(
      scoreCase(testCase, ASKED, await engineFaqs(testCase.text, ASKED, 'short'), 'short'),
    );
  return qualityFigures(addCounts(counts));
}

async function timed(text: string, count: number, length: AnswerLength) {
  const started = performance.now();
  const faqs = await questionsAndAnswers(text, count, length);
  return { ms: performance.now() - started, made: faqs.length };
}

const per10k = (ms: number, chars: number) => `${((ms * 10_000) / chars / 1000).toFixed(2)} s`;

/**
 * Seconds of engine work (questions and answers, in its child) per 10,000 characters: the real
 * pages one by one as the bench asks (10, 短め), and one 99,000-character paste (100, 標準),
 * measured in the same run after the child has loaded its dictionary.
 */
export async function engineSpeed(realPages: QualityCase[]): Promise<void> {
  // A first job starts a child and loads its dictionary, which is not the engine's time.
  await timed('営業時間は10時から18時です。', 1, 'short');
  let ms = 0;
  let chars = 0;
  let made = 0;
  for (const page of realPages) {
    const run = await timed(page.text, ASKED, 'short');
    ms += run.ms;
    chars += page.text.length;
    made += run.made;
  }
  const long = [...realPages.map((page) => page.text), longBrochure()]
    .join('\n\n')
    .slice(0, 99_000);
  const longRun = await timed(long, 100, 'medium');
  console.table([
    {
      text: `${realPages.length} real pages, ${ASKED} each, 短め`,
      characters: chars,
      'Q&As': made,
      seconds: (ms / 1000).toFixed(2),
      'per 10,000 characters': per10k(ms, chars),
    },
    {
      text: 'one 99,000-character paste, 100, 標準',
      characters: long.length,
      'Q&As': longRun.made,
      seconds: (longRun.ms / 1000).toFixed(2),
      'per 10,000 characters': per10k(longRun.ms, long.length),
    },
  ]);
}

/** `--explain`: each Q&A of each text with the intent or rule that made it and its evidence. */
export async function explain(cases: QualityCase[]): Promise<void> {
  for (const testCase of cases) {
    console.log(`\n## ${testCase.name}`);
    const faqs = await questionsAndAnswers(testCase.text, ASKED, 'short');
    faqs.forEach(({ draft, answer }, index) => {
      const evidence: Explained | undefined = draft.evidence;
      console.log(
        [
          `Q${index + 1}. ${draft.question}`,
          `  origin:   ${evidence?.origin ?? '(none)'}`,
          `  evidence: ${evidence?.quote ?? '(none)'}`,
          `  answer:   ${answer.found ? answer.answer : `(not found) ${answer.answer}`}`,
        ].join('\n'),
      );
    });
  }
}
