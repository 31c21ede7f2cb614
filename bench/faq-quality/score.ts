/**
 * The FAQ quality figures defined in bench/faq-quality/README.md, computed from what the
 * product returned for one pasted text: fill, answered, relevance, coverage, focus, length and
 * malformed questions. Texts are compared after NFKC normalisation with white space removed.
 */
export interface QualityFact {
  topic: string[];
  key: string[];
}

export interface QualityCase {
  name: string;
  text: string;
  facts: QualityFact[];
}

export interface ProducedFaq {
  question: string;
  answer: string;
  failed?: boolean;
  /** The page held less than the length asked for (the results screen says so). */
  belowLength?: boolean;
}

export interface QualityCounts {
  asked: number;
  questions: number;
  answered: number;
  relevancePairs: number;
  relevanceHits: number;
  facts: number;
  factsCovered: number;
  offFocusFacts: number;
  longAnswers: number;
  malformed: number;
}

export const SHORT_ANSWER_LIMIT = 180;

export const normalise = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');
const containsAny = (text: string, phrases: string[]) =>
  phrases.some((phrase) => normalise(text).includes(normalise(phrase)));

export function isMalformedQuestion(question: string): boolean {
  const text = normalise(question);
  if (/[のにがをはで]について/.test(text)) return true;
  if (/([\p{Script=Han}\p{Script=Katakana}ー]{2,})の\1/u.test(text)) return true;
  return !/(？|\?|ですか|ください。?)$/.test(text);
}

export function scoreCase(
  testCase: QualityCase,
  asked: number,
  faqs: ProducedFaq[],
  length: 'short' | 'medium' | 'long' = 'short',
): QualityCounts {
  const counts: QualityCounts = {
    asked,
    questions: faqs.length,
    answered: faqs.filter((faq) => !faq.failed).length,
    relevancePairs: 0,
    relevanceHits: 0,
    facts: testCase.facts.length,
    factsCovered: 0,
    offFocusFacts: 0,
    longAnswers: 0,
    malformed: faqs.filter((faq) => isMalformedQuestion(faq.question)).length,
  };
  for (const faq of faqs) {
    const answer = faq.failed ? '' : faq.answer;
    for (const fact of testCase.facts) {
      const asksAbout = containsAny(faq.question, fact.topic);
      const states = containsAny(answer, fact.key);
      if (asksAbout) {
        counts.relevancePairs++;
        if (states) counts.relevanceHits++;
      } else if (states) {
        counts.offFocusFacts++;
      }
    }
    if (length === 'short' && normalise(answer).length > SHORT_ANSWER_LIMIT) counts.longAnswers++;
  }
  counts.factsCovered = testCase.facts.filter((fact) =>
    faqs.some((faq) => !faq.failed && containsAny(faq.answer, fact.key)),
  ).length;
  return counts;
}

export function addCounts(all: QualityCounts[]): QualityCounts {
  return all.reduce((sum, counts) => {
    for (const key of Object.keys(sum) as (keyof QualityCounts)[]) sum[key] += counts[key];
    return sum;
  });
}

export interface QualityFigure {
  figure: string;
  value: number;
  shown: string;
  target: string;
  met: boolean;
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/** The README's figures with their targets. */
export function qualityFigures(counts: QualityCounts): QualityFigure[] {
  const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  const fill = ratio(counts.questions, counts.asked);
  const answered = ratio(counts.answered, counts.questions);
  const relevance = ratio(counts.relevanceHits, counts.relevancePairs);
  const coverage = ratio(counts.factsCovered, counts.facts);
  const focus = ratio(counts.offFocusFacts, counts.questions);
  const malformed = ratio(counts.malformed, counts.questions);
  return [
    { figure: 'fill', value: fill, shown: percent(fill), target: '≥ 95 %', met: fill >= 0.95 },
    {
      figure: 'answered',
      value: answered,
      shown: percent(answered),
      target: '≥ 95 %',
      met: answered >= 0.95,
    },
    {
      figure: 'relevance',
      value: relevance,
      shown: percent(relevance),
      target: '≥ 85 %',
      met: relevance >= 0.85,
    },
    {
      figure: 'coverage',
      value: coverage,
      shown: percent(coverage),
      target: '≥ 75 %',
      met: coverage >= 0.75,
    },
    { figure: 'focus', value: focus, shown: focus.toFixed(2), target: '≤ 1.0', met: focus <= 1 },
    {
      figure: 'length',
      value: counts.longAnswers,
      shown: String(counts.longAnswers),
      target: '0',
      met: counts.longAnswers === 0,
    },
    {
      figure: 'malformed',
      value: malformed,
      shown: percent(malformed),
      target: '≤ 5 %',
      met: malformed <= 0.05,
    },
  ];
}
