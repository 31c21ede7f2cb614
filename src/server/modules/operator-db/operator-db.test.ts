import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_KEY as KEY,
  startOperatorDbContext,
  type OperatorDbContext,
} from '../../../../tests/helpers/operator-db-context.ts';
import type { SeededUser } from '../../../../tests/helpers/users.ts';
import { faqGenerations } from '../../db/schema.ts';

let context: OperatorDbContext;

let t: OperatorDbContext['t'];
let base: string;
let db: OperatorDbContext['db'];
let owner: SeededUser;

beforeAll(async () => {
  context = await startOperatorDbContext();
  ({ t, base, db, owner } = context);
});

afterAll(async () => {
  await t.close();
});

const call: OperatorDbContext['call'] = (path, init) => context.call(path, init);
const generation: OperatorDbContext['generation'] = (id, title, extra) =>
  context.generation(id, title, extra);

describe('REST through postgrest-js', () => {
  it('inserts an object and an array, returning the rows with SQL column names', async () => {
    const one = await db
      .from('faq_generations')
      .insert(generation('g1', 'りんご', { items: [{ question: 'Q', answer: 'A' }], progress: 10 }))
      .select();
    expect(one.error).toBeNull();
    expect(one.status).toBe(201);
    expect(one.data).toHaveLength(1);
    expect(one.data![0]).toMatchObject({
      id: 'g1',
      user_id: owner.id,
      title: 'りんご',
      status: 'generating',
      items: [{ question: 'Q', answer: 'A' }],
      progress: 10,
      crawl_report: null,
    });
    expect(one.data![0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const many = await db
      .from('faq_generations')
      .insert([
        generation('g2', 'バナナ', { engine: 'offline', progress: 50 }),
        generation('g3', 'みかん', { progress: 90 }),
        generation('g4', 'Cherry', { progress: 30 }),
      ])
      .select('id, title');
    expect(many.error).toBeNull();
    expect(many.data).toEqual([
      { id: 'g2', title: 'バナナ' },
      { id: 'g3', title: 'みかん' },
      { id: 'g4', title: 'Cherry' },
    ]);

    // Without .select() PostgREST answers 201 with no body.
    const minimal = await db.from('faq_generations').insert(generation('g5', 'ぶどう'));
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const [stored] = await t.app.db
      .select()
      .from(faqGenerations)
      .where(eq(faqGenerations.id, 'g5'));
    expect(stored?.title).toBe('ぶどう');
  });

  it('selects with filters, order, limit and offset', async () => {
    const page = await db
      .from('faq_generations')
      .select('id,progress')
      .eq('user_id', owner.id)
      .order('progress', { ascending: false })
      .limit(2);
    expect(page.error).toBeNull();
    expect(page.data).toEqual([
      { id: 'g3', progress: 90 },
      { id: 'g2', progress: 50 },
    ]);

    const next = await db
      .from('faq_generations')
      .select('id')
      .order('progress', { ascending: false })
      .range(2, 3);
    expect(next.data).toEqual([{ id: 'g4' }, { id: 'g1' }]);

    const filtered = await db
      .from('faq_generations')
      .select('id')
      .in('id', ['g1', 'g2', 'g4'])
      .gte('progress', 20)
      .neq('id', 'g4')
      .order('id');
    expect(filtered.data).toEqual([{ id: 'g2' }]);

    const like = await db.from('faq_generations').select('id').ilike('title', '%cher%');
    expect(like.data).toEqual([{ id: 'g4' }]);
    const nulls = await db
      .from('faq_generations')
      .select('id')
      .not('engine', 'is', null)
      .order('id');
    expect(nulls.data).toEqual([{ id: 'g2' }]);
    const renamed = await db.from('faqGenerations').select('name:title').eq('id', 'g1');
    expect(renamed.data).toEqual([{ name: 'りんご' }]);
  });

  it('counts exactly in Content-Range, as PostgREST does', async () => {
    const counted = await db
      .from('faq_generations')
      .select('id', { count: 'exact' })
      .eq('user_id', owner.id)
      .order('id')
      .limit(2);
    expect(counted.error).toBeNull();
    expect(counted.count).toBe(5);
    expect(counted.data).toEqual([{ id: 'g1' }, { id: 'g2' }]);

    const head = await db
      .from('faq_generations')
      .select('*', { count: 'exact', head: true })
      .gt('progress', 40);
    expect(head.count).toBe(2);

    const response = await call('/rest/v1/faq_generations?select=id&order=id&offset=1&limit=2', {
      headers: { authorization: `Bearer ${KEY}`, prefer: 'count=exact' },
    });
    expect(response.headers.get('content-range')).toBe('1-2/5');
  });

  it('upserts on a conflict column with merge-duplicates', async () => {
    const upserted = await db
      .from('faq_generations')
      .upsert([generation('g1', 'りんご（改）'), generation('g6', 'もも')], { onConflict: 'id' })
      .select('id,title,progress');
    expect(upserted.error).toBeNull();
    expect(upserted.data).toEqual([
      { id: 'g1', title: 'りんご（改）', progress: 10 },
      { id: 'g6', title: 'もも', progress: 0 },
    ]);
    // The default conflict target is the primary key.
    const byPrimaryKey = await db
      .from('faq_generations')
      .upsert(generation('g6', 'もも（改）'))
      .select('title')
      .single();
    expect(byPrimaryKey.data).toEqual({ title: 'もも（改）' });
    const rows = await t.app.db.select().from(faqGenerations);
    expect(rows).toHaveLength(6);

    // A plain insert of an existing id is a conflict, not a 500.
    const duplicate = await db.from('faq_generations').insert(generation('g1', '重複'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.message).toMatch(/すでにあります/);
  });

  it('updates by id, and answers an unknown id in the exact words of docs/spec.md §8', async () => {
    const updated = await db
      .from('faq_generations')
      .update({ title: '更新済み', sources: ['https://example.jp'] })
      .eq('id', 'g2')
      .select('id,title,sources');
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([
      { id: 'g2', title: '更新済み', sources: ['https://example.jp'] },
    ]);

    const quiet = await db.from('faq_generations').update({ progress: 55 }).eq('id', 'g2');
    expect(quiet.status).toBe(204);

    const missing = await db.from('faq_generations').update({ title: 'x' }).eq('id', 'nope-42');
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe('Record with id nope-42 not found');
  });

  it('deletes matching rows', async () => {
    const deleted = await db.from('faq_generations').delete().eq('id', 'g5').select('id');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([{ id: 'g5' }]);
    const quiet = await db.from('faq_generations').delete().eq('id', 'g6');
    expect(quiet.error).toBeNull();
    expect(quiet.status).toBe(204);
    const left = await db.from('faq_generations').select('id').order('id');
    expect(left.data).toEqual([{ id: 'g1' }, { id: 'g2' }, { id: 'g3' }, { id: 'g4' }]);
  });

  it('returns one object for .single() and 406 unless exactly one row matches', async () => {
    const one = await db.from('faq_generations').select('id,title').eq('id', 'g3').single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ id: 'g3', title: 'みかん' });

    const none = await db.from('faq_generations').select('id').eq('id', 'zzz').single();
    expect(none.status).toBe(406);
    expect(none.data).toBeNull();
    const many = await db.from('faq_generations').select('id').single();
    expect(many.status).toBe(406);

    // A change that does not touch exactly one row under .single() is undone.
    const undone = await db
      .from('faq_generations')
      .update({ message: '一括' })
      .in('id', ['g1', 'g2'])
      .select()
      .single();
    expect(undone.status).toBe(406);
    const rows = await t.app.db
      .select()
      .from(faqGenerations)
      .where(eq(faqGenerations.message, '一括'));
    expect(rows).toHaveLength(0);
  });

  it('answers unknown tables, columns and malformed filters with 4xx', async () => {
    const table = await db.from('no_such_table').select();
    expect(table.status).toBe(404);
    expect(table.error?.message).toBe(
      'テーブル「no_such_table」は存在しないか、公開されていません',
    );

    const column = await db.from('faq_generations').select('id,nope');
    expect(column.status).toBe(400);
    expect(column.error?.message).toBe('テーブル「faq_generations」に列「nope」はありません');

    const insertColumn = await db
      .from('faq_generations')
      .insert({ ...generation('g9', 'x'), nope: 1 });
    expect(insertColumn.status).toBe(400);

    for (const query of [
      'nope=eq.1',
      'id=zz.1',
      'id=1',
      'progress=eq.abc',
      'created_at=gt.not-a-date',
      'limit=-1',
      'order=id.sideways',
      'id=in.1,2',
      'error=is.maybe',
      'or=(id.eq.1,id.eq.2)',
      'select=rel(*)',
    ]) {
      const response = await call(`/rest/v1/faq_generations?${query}`);
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expect(body.error.code, query).toBe('VALIDATION_ERROR');
      expect(body.message, query).toBe(body.error.message);
    }

    const brokenJson = await fetch(`${base}/rest/v1/faq_generations`, {
      method: 'POST',
      headers: { apikey: KEY, 'content-type': 'application/json' },
      body: '{"id": ',
    });
    expect(brokenJson.status).toBe(400);
    const unfiltered = await call('/rest/v1/faq_generations', { method: 'DELETE' });
    expect(unfiltered.status).toBe(400);
    const badValue = await db.from('faq_generations').update({ progress: 'many' }).eq('id', 'g1');
    expect(badValue.status).toBe(400);
    const notNull = await db.from('faq_generations').insert({ id: 'g10', title: 'x' });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.details).toMatch(/null value/);
  });
});
