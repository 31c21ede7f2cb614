import { afterAll, expect, it } from 'vitest';
import { longBrochure } from '../../../../tests/fixtures/long-brochure.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  ENGINE_TOO_HEAVY_MESSAGE,
  closeEnginePool,
  engineBusyPids,
  offlineAnswersInChild,
  offlineQuestionsInChild,
} from './engine-pool.ts';

afterAll(() => closeEnginePool());

const pages = [{ url: '', title: '入力テキスト', markdown: longBrochure() }];

it('a child makes questions, then their answers', async () => {
  const set = await offlineQuestionsInChild(pages, 5, []);
  expect(set.drafts).toHaveLength(5);
  const answers = await offlineAnswersInChild(pages, set.drafts, 'short');
  expect(answers.map((answer) => answer.found)).toEqual([true, true, true, true, true]);
});

it('an engine child that dies mid-job fails that job in Japanese, and the next job works', async () => {
  const { drafts } = await offlineQuestionsInChild(pages, 3, []);
  const running = offlineQuestionsInChild(pages, 100, []);
  await expect.poll(() => engineBusyPids().length, { timeout: 30_000, interval: 5 }).toBe(1);
  const [pid] = engineBusyPids();
  process.kill(pid!, 'SIGKILL');
  const error = await running.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).message).toBe(ENGINE_TOO_HEAVY_MESSAGE);
  const answers = await offlineAnswersInChild(pages, drafts, 'short');
  expect(answers.filter((answer) => answer.found)).toHaveLength(3);
  expect(engineBusyPids()).toEqual([]);
});
