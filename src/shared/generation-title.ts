/**
 * The name a generation gets when the owner leaves the title empty: what the content calls
 * itself, never one wording for every job (history, exports and .docx names tell jobs apart
 * by it). Shared: the form shows it as the default, the server stores it.
 */

export const GENERATION_TITLE_MAX = 100;
/** A derived name is a label, not a summary: long first lines are cut here. */
const NAME_MAX = 40;

/** 店名：〇〇 and the like, as a business writes its own name on a page. */
const BUSINESS_NAME =
  /^(?:店名|店舗名|社名|会社名|商号|屋号|院名|施設名|教室名|事業者名|名称)\s*[:：]\s*(.+)$/m;

function clean(line: string): string {
  return line
    .replace(/^#{1,6}\s+/, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[。．.、,：:]+$/, '');
}

function cut(name: string): string {
  const chars = Array.from(name);
  return chars.length > NAME_MAX ? `${chars.slice(0, NAME_MAX - 1).join('')}…` : name;
}

const named = (name: string | null | undefined): string | null => {
  const cleaned = name ? clean(name) : '';
  return cleaned ? `${cut(cleaned)}のFAQ` : null;
};

/** The first Markdown heading of a text, or null. */
export function firstHeading(markdown: string): string | null {
  const heading = /^#{1,6}\s+(.+)$/m.exec(markdown)?.[1];
  return heading && clean(heading) ? clean(heading) : null;
}

/** The first heading of pasted text, otherwise its first non-empty line. */
export function titleFromText(text: string): string | null {
  const firstLine = text.split(/\r?\n/).find((line) => clean(line));
  return named(firstHeading(text) ?? firstLine);
}

/** A fetched page: its <title>, else its first heading, else the business name it states. */
export function titleFromPage(page: { title: string; markdown: string }): string | null {
  return (
    named(page.title) ??
    named(firstHeading(page.markdown)) ??
    named(BUSINESS_NAME.exec(page.markdown)?.[1])
  );
}

export interface TitleInput {
  method: 'url' | 'category';
  url?: string;
  textInput?: string;
  categoryName?: string;
}

/**
 * The title before anything is fetched: the category (expert mode), the pasted text's heading
 * or first line (text mode), the site's host name until the page's own name is known (URL mode).
 */
export function defaultGenerationTitle(input: TitleInput): string {
  if (input.method === 'category') return named(input.categoryName) ?? 'カテゴリーのFAQ';
  if (input.url) {
    try {
      return `${new URL(input.url).hostname}のFAQ`;
    } catch {
      // An invalid URL is refused elsewhere; the text can still name the job.
    }
  }
  return titleFromText(input.textInput ?? '') ?? 'FAQ';
}
