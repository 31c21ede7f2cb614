import { eq } from 'drizzle-orm';
import type { EditAnswerRequest, FaqItem } from '../../../shared/generations.ts';
import type { Database } from '../../db/client.ts';
import { faqGenerations } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { lockOwnGeneration } from './generation.record.ts';

/**
 * Saves the owner's changes to one FAQ of a completed record: the wording of its answer, of its
 * question or both (編集済み), and whether it is approved for export. What the edit leaves out
 * stays as it is, so an answer saved as typed and a question reworded at the same moment both
 * survive. The row is locked while it is rewritten, so a concurrent edit or regeneration of
 * another item survives too. An edit costs nothing; an answer that had failed becomes a real one.
 */
export async function editAnswer(
  db: Database,
  userId: string,
  id: string,
  index: number,
  edit: EditAnswerRequest,
): Promise<FaqItem> {
  return db.transaction(async (tx) => {
    const row = await lockOwnGeneration(tx, userId, id);
    if (row.stage !== 'completed') throw new HttpError(409, 'この回答は編集できません');
    const items = Array.isArray(row.items) ? (row.items as FaqItem[]) : [];
    const current = items[index];
    if (!current) throw notFound('回答が見つかりません');
    const reworded = edit.answer !== undefined || edit.question !== undefined;
    const changed: FaqItem = {
      ...(edit.answer === undefined ? current : withAnswer(current, edit.answer)),
      ...(edit.question === undefined ? {} : { question: edit.question }),
      // Exports take the approved FAQs: the choice made in the editor holds after a reload.
      ...(edit.approved === undefined ? {} : { approved: edit.approved }),
      ...(reworded ? { edited: true } : {}),
    };
    const edited = edit.clearUnverified ? clearedFlag(changed) : changed;
    const next = items.map((item, position) => (position === index ? edited : item));
    await tx
      .update(faqGenerations)
      .set({
        items: next,
        answers: JSON.stringify(next.map((item) => item.answer)),
        updatedAt: new Date(),
      })
      .where(eq(faqGenerations.id, id));
    return edited;
  });
}

/** The owner checked the flagged figures: 要確認 goes, what it named is remembered. */
function clearedFlag(item: FaqItem): FaqItem {
  const { unverified, ...rest } = item;
  if (!unverified) return item;
  return { ...rest, checkedByOwner: { phrases: unverified.phrases } };
}

function withAnswer(current: FaqItem, answer: string): FaqItem {
  // The owner's own words are the answer now: the note that the page said little goes too.
  const { failed: _failed, belowLength: _belowLength, unverified, ...rest } = current;
  // A flagged figure the owner's wording no longer contains is no longer in the answer.
  const still = (unverified?.phrases ?? []).filter((phrase) => answer.includes(phrase));
  return {
    ...rest,
    ...(still.length > 0 ? { unverified: { ...unverified!, phrases: still } } : {}),
    answer,
    approved: current.failed ? true : current.approved,
    // Exports of several experts print the integrated answer: it is the one edited.
    ...(current.integratedAnswer !== undefined ? { integratedAnswer: answer } : {}),
  };
}
