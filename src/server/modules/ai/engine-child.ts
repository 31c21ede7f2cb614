import type { EngineAnswer, EngineJob } from './engine-pool.ts';
import { figureChecker } from './figure-check.ts';
import { loadAnalyzer } from './japanese.ts';
import { offlineAnswer } from './offline-answer.ts';
import { offlineQuestionsFromContent } from './offline-engine.ts';
import { announceReady, type AnswerMessage, type JobMessage } from '../ingestion/parser-pool.ts';

/**
 * Entry of an engine child (engine-pool.ts): the built-in engine's questions and answers, away
 * from the server's thread. The dictionary loads before the child says it is ready, once for
 * every job the child will run.
 */
const analyzer = await loadAnalyzer();

function answer(job: EngineJob): EngineAnswer {
  try {
    switch (job.type) {
      case 'questions':
        return {
          ok: true,
          type: 'questions',
          value: offlineQuestionsFromContent(analyzer, job.pages, job.count, job.avoid),
        };
      case 'answers': {
        // The figure check of the engine's answers is engine work too: indexing a 99,000-character
        // page took seconds, which on the server's thread stalled every other request.
        const check = figureChecker(job.pages.map((page) => page.markdown).join('\n'));
        return {
          ok: true,
          type: 'answers',
          value: job.questions.map((question) => {
            const result = offlineAnswer(analyzer, job.pages, question, job.length);
            const unverified = result.found ? check(result.answer) : [];
            return unverified.length > 0 ? { ...result, unverified } : result;
          }),
        };
      }
    }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (message: JobMessage<EngineJob>) => {
  const reply: AnswerMessage<EngineAnswer> = { id: message.id, answer: answer(message.job) };
  process.send!(reply);
});
// The server went away (or closed the pool): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
announceReady();
