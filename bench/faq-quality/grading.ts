/**
 * Blind grading of the FAQ engine on the real-page set (bench/faq-quality/GRADING.md).
 *
 *   node bench/faq-quality/grading.ts sheet [set.json] [--name fresh]   generate every page's FAQs
 *       through the product's API (10 questions, all approved, at 短め and 標準) and write a grading
 *       sheet to bench/faq-quality/grades/<date>-<commit>[-<name>]/sheet.json, with nothing of the
 *       engine in it. Another set than the development set always gets a name (by default its
 *       folder's, e.g. real/fresh/pages.json → -fresh), so its sheet never lands in, or overwrites,
 *       the development set's folder of the same commit.
 *   node bench/faq-quality/grading.ts summary <dir>     read that folder's grades.json (one grade
 *       per item, written by a reader who never saw the engine) and print and store the figures
 *
 * The phrase figures count words; these grades are the measure (issue 23).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { BELOW_LENGTH_TEXT, saysShortOnce, shortAnswersSummary } from '../../src/shared/exports.ts';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import { seedUser } from '../../tests/helpers/users.ts';
import { ASKED, REAL_PAGES } from './case-sets.ts';
import { generateThroughApi } from './run-case.ts';

const LENGTHS = [
  { length: 'short', label: '短め' },
  { length: 'medium', label: '標準' },
] as const;

const realPageSchema = z.object({
  name: z.string(),
  sector: z.string(),
  url: z.string(),
  text: z.string(),
  facts: z.array(
    z.object({ fact: z.string(), topic: z.array(z.string()), key: z.array(z.string()) }),
  ),
});

const sheetItemSchema = z.object({
  id: z.string(),
  page: z.string(),
  length: z.string(),
  question: z.string(),
  answer: z.string(),
  /** The note the results screen shows beside the answer (the page holds less than the length). */
  note: z.string().optional(),
});

const gradeSchema = z.object({
  id: z.string(),
  grade: z.enum(['A', 'B', 'C']),
  why: z.string().optional(),
});

/** Per page and length: which of the page's listed facts appear in an answer graded A or B. */
const factsSchema = z.object({
  page: z.string(),
  length: z.string(),
  usable: z.number().int().nonnegative(),
  of: z.number().int().positive(),
});

const gradesFileSchema = z.object({
  grader: z.string(),
  grades: z.array(gradeSchema),
  facts: z.array(factsSchema),
  seenMostOften: z.array(z.string()).optional(),
});

const root = path.resolve(import.meta.dirname, '../..');
const gradesRoot = path.join(import.meta.dirname, 'grades');

function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: root })
      .toString()
      .trim();
    return dirty ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
}

async function writeSheet(setFile: string, name: string | undefined): Promise<void> {
  const pages = z.array(realPageSchema).parse(JSON.parse(readFileSync(setFile, 'utf8')));
  const commit = commitOf();
  const runName = `${new Date().toISOString().slice(0, 10)}-${commit}${name ? `-${name}` : ''}`;
  const folder = path.join(gradesRoot, runName);
  mkdirSync(folder, { recursive: true });
  const { app, close } = await createTestApp();
  const items: z.infer<typeof sheetItemSchema>[] = [];
  const screenNotes: { page: string; length: string; note: string }[] = [];
  const started = Date.now();
  try {
    const user = await seedUser(app, { credits: 100_000 });
    for (const page of pages) {
      for (const { length, label } of LENGTHS) {
        const run = await generateThroughApi(app, user.headers, {
          text: page.text,
          count: ASKED,
          length,
        });
        // The note as the results screen shows it: once above the answers when most are
        // short, else under each short one.
        const short = run.faqs.filter((faq) => faq.belowLength && !faq.failed).length;
        const once = saysShortOnce(short, run.faqs.length);
        if (once)
          screenNotes.push({ page: page.name, length: label, note: shortAnswersSummary(short) });
        run.faqs.forEach((faq, index) =>
          items.push({
            id: `${page.name}/${length}/${index + 1}`,
            page: page.name,
            length: label,
            question: faq.question,
            answer: faq.failed ? '（回答なし）' : faq.answer,
            ...(faq.belowLength && !faq.failed && !once ? { note: BELOW_LENGTH_TEXT } : {}),
          }),
        );
      }
    }
  } finally {
    await close();
  }
  const sheet = {
    commit,
    generatedAt: new Date().toISOString(),
    asked: ASKED,
    howAsked: 'pasted text, 10 questions asked, every question approved, answers 短め and 標準',
    pages: pages.map(({ name, sector, url, text, facts }) => ({
      name,
      sector,
      url,
      text,
      facts: facts.map((fact) => fact.fact),
      screenNotes: screenNotes
        .filter((note) => note.page === name)
        .map(({ length, note }) => ({ length, note })),
    })),
    items,
  };
  writeFileSync(path.join(folder, 'sheet.json'), `${JSON.stringify(sheet, null, 2)}\n`);
  console.log(
    `${items.length} Q&As from ${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s → ${path.relative(root, folder)}/sheet.json`,
  );
}

function summarise(folder: string): void {
  const sheet = z
    .object({ commit: z.string(), items: z.array(sheetItemSchema) })
    .parse(JSON.parse(readFileSync(path.join(folder, 'sheet.json'), 'utf8')));
  const graded = gradesFileSchema.parse(
    JSON.parse(readFileSync(path.join(folder, 'grades.json'), 'utf8')),
  );
  const gradeOf = new Map(graded.grades.map((grade) => [grade.id, grade.grade]));
  const ungraded = sheet.items.filter((item) => !gradeOf.has(item.id));
  if (ungraded.length > 0)
    throw new Error(`${ungraded.length} items have no grade, e.g. ${ungraded[0]!.id}`);

  const percent = (part: number, whole: number) =>
    whole === 0 ? '—' : `${((part / whole) * 100).toFixed(0)} %`;
  const rows = [...LENGTHS.map(({ label }) => label), 'all'].map((length) => {
    const items = sheet.items.filter((item) => length === 'all' || item.length === length);
    const count = (grade: string) => items.filter((item) => gradeOf.get(item.id) === grade).length;
    const facts = graded.facts.filter((entry) => length === 'all' || entry.length === length);
    const usable = facts.reduce((sum, entry) => sum + entry.usable, 0);
    const of = facts.reduce((sum, entry) => sum + entry.of, 0);
    return {
      length,
      'Q&As': items.length,
      A: percent(count('A'), items.length),
      B: percent(count('B'), items.length),
      C: percent(count('C'), items.length),
      'usable facts': percent(usable, of),
    };
  });
  console.table(rows);
  const lines = [
    `# Blind grades at ${sheet.commit}`,
    '',
    `Grader: ${graded.grader}. Targets (GRADING.md): A ≥ 70 %, C ≤ 10 %, usable facts ≥ 60 %.`,
    '',
    '| length | Q&As | A | B | C | usable facts |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.length} | ${row['Q&As']} | ${row.A} | ${row.B} | ${row.C} | ${row['usable facts']} |`,
    ),
    '',
    ...(graded.seenMostOften?.length
      ? ['What the grader saw most often:', '', ...graded.seenMostOften.map((line) => `- ${line}`)]
      : []),
    '',
  ];
  writeFileSync(path.join(folder, 'summary.md'), lines.join('\n'));
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' } },
});
const [command, argument] = positionals;
if (command === 'sheet') {
  const setFile = argument ? path.resolve(argument) : REAL_PAGES;
  if (!existsSync(setFile)) throw new Error(`${setFile} is not here`);
  const name =
    values.name ?? (setFile === REAL_PAGES ? undefined : path.basename(path.dirname(setFile)));
  if (name !== undefined && !/^[a-z0-9][a-z0-9-]*$/.test(name))
    throw new Error(`--name ${name}: use lower-case letters, digits and hyphens`);
  await writeSheet(setFile, name);
} else if (command === 'summary' && argument) {
  summarise(path.resolve(argument));
} else {
  console.log(
    'usage: node bench/faq-quality/grading.ts sheet [set.json] [--name <name>] | summary <folder>',
  );
  process.exitCode = 2;
}
